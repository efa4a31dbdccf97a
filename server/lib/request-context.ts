import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /** The request's id: the X-Request-Id of its answer and of every log line written on its behalf. */
  requestId: string;
}

/**
 * The request being served, wherever the code that logs runs (services, queries, after-commit
 * subscribers): the logger reads its id from here, so no function needs a logger passed per request.
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
