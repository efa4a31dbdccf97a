// A TradeRequestItem for the store tests (imported by *.test.ts only): a pairing of user 1 on one
// day; overrides shape the rest.
import type { TradeRequestItem, UserSummary } from '#protocol/shapes.ts';

export function requestItem(over: Partial<TradeRequestItem> & { id: number }, user: Partial<UserSummary> = {}): TradeRequestItem {
  const userId = over.userId ?? user.id ?? 1;
  return {
    userId,
    type: 'drop',
    date: '2030-01-01',
    additionalDates: [],
    desiredDates: [],
    routeType: 'pairing',
    route: `R${over.id}`,
    reservePeriod: null,
    tripDays: 1,
    aircraftType: '737',
    notes: null,
    status: 'active',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    tripImages: [],
    user: {
      id: userId,
      firstName: 'A',
      lastName: 'B',
      employeeNumber: '1',
      airline: 'Delta',
      position: 'captain',
      profileImageUrl: null,
      ...user,
    },
    ...over,
  };
}
