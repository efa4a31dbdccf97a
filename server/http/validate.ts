import type { z } from 'zod';
import { isIdText } from '#protocol/schemas/fields.ts';
import { invalid } from './errors.ts';

/** Parses a body with a protocol schema; the first issue's message is the answer, as the forms show it. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalid(issue?.message ?? 'Invalid request', issue?.path.join('.') || undefined);
  }
  return result.data;
}

/** An id route parameter or cursor within the database's bounds (ID_MIN..ID_MAX), or the error: a malformed id names nothing that exists. */
export function parseId(raw: string | undefined, notFoundError: Error): number {
  if (!raw || !isIdText(raw)) throw notFoundError;
  return Number(raw);
}
