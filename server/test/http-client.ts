import { z } from 'zod';
import type { Endpoints } from '#protocol/endpoints.ts';
import { RESPONSE_SCHEMAS } from '#protocol/schemas/responses.ts';

/**
 * The response schema of each entry of the contract that has one (protocol/schemas/responses.ts),
 * found by method and path: ":name" is one segment; routes without parameters are tried first
 * ('/api/chains/completed' before a '/api/chains/:id' would be).
 */
const SCHEMA_ROUTES = (Object.entries(RESPONSE_SCHEMAS) as [keyof Endpoints, z.ZodType][])
  .map(([entry, schema]) => {
    const [method = '', route = ''] = entry.split(' ');
    const params = route.split('/').filter((s) => s.startsWith(':')).length;
    const pattern = new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`);
    return { entry, method, pattern, params, schema };
  })
  .sort((a, b) => a.params - b.params);

/**
 * Holds a 2xx JSON answer to its entry's schema, so every API test checks every answer it gets
 * against the contract without saying so: a mismatch throws, and the test that made the call fails.
 */
function checkAnswer(method: string, path: string, status: number, contentType: string | null, body: unknown): void {
  if (status < 200 || status > 299 || !contentType?.startsWith('application/json')) return;
  const route = path.split('?')[0]!;
  const found = SCHEMA_ROUTES.find((r) => r.method === method.toUpperCase() && r.pattern.test(route));
  if (!found) return;
  const checked = found.schema.safeParse(body);
  if (!checked.success) {
    throw new Error(
      `${method} ${path} answered ${status} with a body that is not ${found.entry}'s answer:\n${z.prettifyError(checked.error)}`,
    );
  }
}

/** A tiny HTTP client with a cookie jar: one per simulated browser. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export class TestClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  /** Uses the cookies of another client: the same browser session, seen by another instance or after rotation. */
  setCookieHeader(header: string): this {
    this.cookies.clear();
    for (const part of header.split(';').filter(Boolean)) {
      const [k, ...v] = part.trim().split('=');
      this.cookies.set(k!, v.join('='));
    }
    return this;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    // Multipart and URL-encoded bodies: fetch writes their content type.
    if (body instanceof FormData || body instanceof URLSearchParams) init.body = body;
    else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    if (this.cookies.size) (init.headers as Record<string, string>).cookie = this.cookieHeader;
    const res = await fetch(this.baseUrl + path, init);
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    checkAnswer(method, path, res.status, res.headers.get('content-type'), parsed);
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
