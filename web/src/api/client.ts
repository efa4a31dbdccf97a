// Typed fetch wrapper. Every call sends the session cookie; a non-OK answer throws an Error whose
// message is "STATUS: body" (spec section 8), and serverMessage() reads the JSON {message} back out.

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

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  formData?: FormData;
  /** Answer null instead of throwing when the server says 401. */
  nullOn401?: boolean;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(path, { method, headers, body, credentials: 'include', signal: options.signal });
  if (res.status === 401 && options.nullOn401) return null as T;
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
  return (await parseBody(res)) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body' | 'formData'>) => apiRequest<T>('GET', path, options),
  /** GET that yields null when signed out (401) instead of throwing. */
  getOrNull: <T>(path: string) => apiRequest<T | null>('GET', path, { nullOn401: true }),
  post: <T = unknown>(path: string, body?: unknown) => apiRequest<T>('POST', path, { body }),
  put: <T = unknown>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }),
  delete: <T = unknown>(path: string) => apiRequest<T>('DELETE', path),
  postForm: <T = unknown>(path: string, formData: FormData) => apiRequest<T>('POST', path, { formData }),
  putForm: <T = unknown>(path: string, formData: FormData) => apiRequest<T>('PUT', path, { formData }),
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
    const parsed = JSON.parse(match[1]) as unknown;
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
