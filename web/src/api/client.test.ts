// The endpoint map at work: what compiles and what does not (checked by `npm run typecheck`), and
// the "STATUS: body" error text the screens read the server's message from.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RequestBody } from '#protocol/schemas/requests.ts';
import type { CurrentUser, MatchItem, TradeRequestItem } from '#protocol/shapes.ts';
import { api, ApiError, errorStatus, serverMessage } from './client.ts';

const body: RequestBody = {
  type: 'drop',
  date: '2030-01-01',
  additionalDates: [],
  desiredDates: [],
  routeType: 'pairing',
  route: 'ATL1',
  reservePeriod: null,
  tripDays: 1,
  notes: null,
};

describe('the typed client', () => {
  it('types each call by the endpoint map', () => {
    const id = 7 as number;
    expectTypeOf(api.post<'/api/requests'>).returns.resolves.toEqualTypeOf<TradeRequestItem>();
    expectTypeOf(api.get<'/api/matches'>).returns.resolves.toEqualTypeOf<MatchItem[]>();
    expectTypeOf(api.getOrNull<'/api/auth/user'>).returns.resolves.toEqualTypeOf<CurrentUser | null>();
    expectTypeOf(api.put<`/api/requests/${number}`>)
      .parameter(1)
      .toEqualTypeOf<RequestBody>();

    // Never run: these lines are here for the compiler.
    const compileOnly = async () => {
      const created: TradeRequestItem = await api.post('/api/requests', body);
      await api.post('/api/requests', new FormData());
      const saved: TradeRequestItem = await api.put(`/api/requests/${id}`, body);
      await api.delete(`/api/matches/${id}`);
      // @ts-expect-error a path the map does not list
      await api.post('/api/request', body);
      // @ts-expect-error the wrong method for the path
      await api.get(`/api/requests/${id}`);
      // @ts-expect-error a body the route does not take
      await api.post('/api/requests', { matchId: 1 });
      // @ts-expect-error an edit never sends files
      await api.put(`/api/requests/${id}`, new FormData());
      // @ts-expect-error a path parameter is a number
      await api.delete('/api/requests/abc');
      // @ts-expect-error the answer is a request, not a list
      const wrong: TradeRequestItem[] = await api.post('/api/requests', body);
      return [created, saved, wrong];
    };
    expect(typeof compileOnly).toBe('function');
  });

  it('throws "STATUS: body" and reads the server message and status back', () => {
    const err = new ApiError(400, 'Bad Request', JSON.stringify({ message: 'Date is required' }));
    expect(err.message).toBe('400: {"message":"Date is required"}');
    expect(serverMessage(err)).toBe('Date is required');
    expect(errorStatus(err)).toBe(400);
    expect(new ApiError(502, 'Bad Gateway', '').message).toBe('502: Bad Gateway');
    expect(serverMessage(new ApiError(502, 'Bad Gateway', '<html>'))).toBeUndefined();
    expect(serverMessage(new Error('Failed to fetch'))).toBeUndefined();
  });
});
