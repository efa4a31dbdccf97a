// A route's JSON answer, typed by the REST contract (protocol/endpoints.ts), the map that already
// types the web client: the route names its entry ('PUT /api/requests/:id', as written in the map)
// and the body must be that entry's response, so an answer the client is not typed to read does not
// compile (server/http/answer.typetest.ts holds the proof). The few bodies that are not JSON of the
// contract (errors, redirects, files, the .ics feed, prepared bytes) are set on ctx.body directly.
import type { Endpoints } from '#protocol/endpoints.ts';
import type { AppContext } from './context.ts';

/** An entry of the contract: method and route as the map writes them. */
export type Endpoint = keyof Endpoints;

/** What an entry answers. */
export type ResponseAt<E extends Endpoint> = Endpoints[E]['response'];

/** The entries that answer a list (each is paged: http/paging.ts sendPage). */
export type ListEndpoint = { [E in Endpoint]: ResponseAt<E> extends readonly unknown[] ? E : never }[Endpoint];

/** One item of a list entry's answer. */
export type ItemAt<E extends ListEndpoint> = ResponseAt<E> extends readonly (infer I)[] ? I : never;

/**
 * Sets the answer of the route `endpoint` names. Only its type is read: the route's own method and
 * path decide where the answer goes, as before.
 */
export function answer<E extends Endpoint>(ctx: AppContext, _endpoint: E, body: NoInfer<ResponseAt<E>>): void {
  ctx.body = body;
}
