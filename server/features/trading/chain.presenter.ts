import type { ChainDecision, ChainStatus } from '#protocol/enums.ts';
import type { ChainItem } from '#protocol/shapes.ts';
import { presentRequest } from '../requests/requests.presenter.ts';
import type { RequestItemRow } from '../requests/requests.queries.ts';
import { presentUserSummary } from '../user-kernel/user.presenter.ts';
import type { ChainMemberRow } from './chain-rings.queries.ts';

/** A chain's own columns, as the lists and chainMembers read them. */
export interface ChainHead {
  id: number;
  status: string;
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** Chains as the client sees them: members in cycle order, each with their request (null once deleted). */
export function presentChains(
  chains: readonly ChainHead[],
  members: readonly ChainMemberRow[],
  requests: ReadonlyMap<number, RequestItemRow>,
): ChainItem[] {
  return chains.map((c) => ({
    id: c.id,
    status: c.status as ChainStatus,
    members: members
      .filter((m) => m.chainId === c.id)
      .map((m) => {
        const request = m.requestId === null ? undefined : requests.get(m.requestId);
        return {
          user: presentUserSummary({ ...m, id: m.userId, position: m.crewPosition }),
          request: request ? presentRequest(request) : null,
          decision: m.decision as ChainDecision,
        };
      }),
    createdAt: new Date(c.createdAt).toISOString(),
    updatedAt: new Date(c.updatedAt).toISOString(),
  }));
}
