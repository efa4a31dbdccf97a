import { NEXT_CURSOR_HEADER } from '#protocol/paging.ts';
import type { AppContext } from '../../http/context.ts';
import type { Coding, PreparedBoard } from './board-body.ts';

/** Accept-Encoding values already negotiated; bounded, as the header is the client's to write. */
const codings = new Map<string, Coding>();
const CODINGS_HELD = 100;

/**
 * The coding to send: the smallest the client accepts (browsers list gzip first at equal weight, so
 * their order is not a preference); a client that names none gets identity, as from koa-compress.
 */
function codingFor(ctx: AppContext): Coding {
  const accepted = ctx.get('Accept-Encoding');
  if (!accepted) return 'identity';
  // Clients send a handful of distinct headers ("gzip, deflate, br, zstd"): each is negotiated once.
  let coding = codings.get(accepted);
  if (coding === undefined) {
    coding = ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
    if (codings.size >= CODINGS_HELD) codings.clear();
    codings.set(accepted, coding);
  }
  return coding;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ is ignored; `*` matches anything. */
function alreadyHeld(ifNoneMatch: string, body: PreparedBoard): boolean {
  if (!ifNoneMatch) return false;
  const held = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  // Any coding's tag will do: the client holds these very contents, however they were encoded.
  return held.includes('*') || Object.values(body.etags).some((tag) => held.includes(tag));
}

/**
 * Sends a body prepared (and compressed) in advance: koa-compress stands aside, and a client that
 * already holds it gets 304 with no body. Per user, and revalidated on every use: private, no-cache.
 */
export async function sendPrepared(ctx: AppContext, body: PreparedBoard): Promise<void> {
  const coding = codingFor(ctx);
  ctx.compress = false;
  // Set outright when nothing else varies the answer (the usual case): vary() parses the header first.
  if (ctx.response.get('Vary')) ctx.vary('Accept-Encoding');
  else ctx.set('Vary', 'Accept-Encoding');
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.set('ETag', body.etags[coding]);
  // On a 304 too: a cache that revalidates takes the headers it is sent.
  if (body.nextCursor) ctx.set(NEXT_CURSOR_HEADER, body.nextCursor);
  if (alreadyHeld(ctx.get('If-None-Match'), body)) {
    ctx.status = 304;
    return;
  }
  const bytes = await body.encoded(coding);
  if (coding !== 'identity') ctx.set('Content-Encoding', coding);
  // Type before body: a Buffer body would otherwise be labelled application/octet-stream.
  ctx.type = 'application/json';
  ctx.body = bytes;
}
