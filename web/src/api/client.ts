// The fetch wrapper, typed by the endpoint map of protocol/endpoints.ts: a path the map does not
// list, a body it does not take or a wrong use of its answer is a compile error. Every call sends
// the session cookie; a non-OK answer throws an Error whose message is "STATUS: body" (the error
// catalogue, docs/product-spec.md section 8), and serverMessage() reads the JSON {message} back out.
import type { ApiPath, BodyOf, HttpMethod, ResponseOf } from '#protocol/endpoints.ts';
import { useUploadProgressStore } from '../stores/useUploadProgressStore.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

interface RequestOptions {
  /** Sent as JSON, or as multipart/form-data when it is a FormData (the browser sets the boundary). */
  body?: unknown;
  /** Answer null instead of throwing when the server says 401. */
  nullOn401?: boolean;
  signal?: AbortSignal;
}

async function parseBody(res: Response): Promise<unknown> {
  return parseText(await res.text());
}

interface RawAnswer {
  status: number;
  statusText: string;
  text: string;
}

/**
 * A multipart send through XMLHttpRequest, whose upload events say how many bytes have left (fetch
 * has no upload progress): the progress store shows it while the files go.
 */
function sendForm(method: HttpMethod, path: string, form: FormData): Promise<RawAnswer> {
  const files = [...form.values()].filter((v) => typeof v !== 'string').length;
  const progress = useUploadProgressStore.getState();
  const id = progress.start(files);
  return new Promise<RawAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => progress.progress(id, e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    // A network failure rejects as fetch does (a TypeError), so callers treat both alike.
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    xhr.send(form);
  }).finally(() => progress.finish(id));
}

function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A GET's body with the response's headers (a list's next page is named in X-Next-Cursor). */
export interface WithHeaders<B> {
  body: B;
  headers: Headers;
}

/** The untyped call under the typed methods below; the map decides what goes in and comes out. */
async function apiRequest(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<unknown> {
  const answer = await apiExchange(method, path, options);
  return answer === null ? null : answer.body;
}

async function apiExchange(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<WithHeaders<unknown> | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  // Where there is no XMLHttpRequest (a worker, the store tests' Node), a form goes by fetch, without progress.
  if (options.body instanceof FormData && typeof XMLHttpRequest !== 'undefined') {
    const res = await sendForm(method, path, options.body);
    if (res.status === 401 && options.nullOn401) return null;
    if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, res.statusText, res.text);
    return { body: parseText(res.text), headers: new Headers() };
  }
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(path, { method, headers, body, credentials: 'include', signal: options.signal });
  if (res.status === 401 && options.nullOn401) return null;
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
  return { body: await parseBody(res), headers: res.headers };
}

// The casts below are the one place an answer is taken to be what the map says it is: the server
// builds it from the same protocol shapes.
export const api = {
  get: <P extends ApiPath<'GET'>>(path: P, options?: { signal?: AbortSignal }) =>
    apiRequest('GET', path, options) as Promise<ResponseOf<'GET', P>>,
  /** GET with the response's headers too: a page of a list and the cursor of the next (stores/paging.ts). */
  getWithHeaders: <P extends ApiPath<'GET'>>(path: P, options?: { signal?: AbortSignal }) =>
    apiExchange('GET', path, options) as Promise<WithHeaders<ResponseOf<'GET', P>>>,
  /** GET that yields null when signed out (401) instead of throwing. */
  getOrNull: <P extends ApiPath<'GET'>>(path: P) => apiRequest('GET', path, { nullOn401: true }) as Promise<ResponseOf<'GET', P> | null>,
  /** JSON, or a FormData where the route takes files. */
  post: <P extends ApiPath<'POST'>>(path: P, body: BodyOf<'POST', P, FormData>) =>
    apiRequest('POST', path, { body }) as Promise<ResponseOf<'POST', P>>,
  put: <P extends ApiPath<'PUT'>>(path: P, body: BodyOf<'PUT', P, FormData>) =>
    apiRequest('PUT', path, { body }) as Promise<ResponseOf<'PUT', P>>,
  delete: <P extends ApiPath<'DELETE'>>(path: P) => apiRequest('DELETE', path) as Promise<ResponseOf<'DELETE', P>>,
};

/**
 * The server's own text from an error thrown above: the body is JSON {message}. Undefined when the
 * error has no such body (network failure, HTML error page), so the caller shows its fallback text.
 */
export function serverMessage(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return undefined;
  try {
    const parsed = JSON.parse(match[1] ?? '') as unknown;
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // not JSON: no server message
  }
  return undefined;
}

/** The HTTP status of an error thrown above, if any. */
export function errorStatus(err: unknown): number | undefined {
  if (err instanceof ApiError) return err.status;
  if (err instanceof Error) {
    const match = /^(\d{3}): /.exec(err.message);
    if (match) return Number(match[1]);
  }
  return undefined;
}
