import type { AircraftType, RequestStatus, RequestType, RouteType } from '#protocol/enums.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { presentUserSummary, type UserRecord } from '../user-kernel/user.presenter.ts';
import type { RequestItemRow, StoredRequest } from './requests.queries.ts';

/** A request row (requests.queries.ts) as the client sees it. The columns hold only values the schemas let in. */
export function presentRequest(row: RequestItemRow): TradeRequestItem {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type as RequestType,
    date: row.date,
    additionalDates: row.additionalDates,
    desiredDates: row.desiredDates,
    routeType: row.routeType as RouteType,
    route: row.route,
    reservePeriod: row.reservePeriod,
    tripDays: row.tripDays,
    aircraftType: row.aircraftType as AircraftType | null,
    notes: row.notes,
    status: row.status as RequestStatus,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    tripImages: row.tripImages,
    user: presentUserSummary({
      id: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      employeeNumber: row.employeeNumber,
      airline: row.airline,
      position: row.position,
      profileImageUrl: row.profileImageUrl,
    }),
  };
}

/** A request as its owner reads it: with their standing rule (docs/decisions/0045), which no one else sees. */
export const presentOwnRequest = (row: RequestItemRow): TradeRequestItem => ({ ...presentRequest(row), autoAccept: row.autoAccept });

/** A request just stored, with its owner and images as the create has them: the row a read would give. */
export function storedItemRow(
  stored: StoredRequest,
  owner: Pick<UserRecord, 'firstName' | 'lastName' | 'employeeNumber' | 'airline' | 'position' | 'profileImageUrl'>,
  tripImages: RequestItemRow['tripImages'],
): RequestItemRow {
  return {
    ...stored,
    firstName: owner.firstName,
    lastName: owner.lastName,
    employeeNumber: owner.employeeNumber,
    airline: owner.airline,
    position: owner.position,
    profileImageUrl: owner.profileImageUrl,
    tripImages,
  };
}
