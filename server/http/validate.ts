import type { z } from 'zod';
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

/** A positive integer route parameter, or 404: a malformed id names nothing that exists. */
export function parseId(raw: string | undefined, notFoundError: Error): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw notFoundError;
  const id = Number(raw);
  if (id < 1) throw notFoundError;
  return id;
}
