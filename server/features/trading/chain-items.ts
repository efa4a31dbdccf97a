import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChainItem } from '#protocol/shapes.ts';
import { requestsById } from '../requests/requests.queries.ts';
import { chainMembers, type ChainMemberRow } from './chain-rings.queries.ts';
import { presentChains, type ChainHead } from './chain.presenter.ts';

/** ChainItems for chain rows, members and requests loaded in one query each. */
export async function chainItemsOf(em: EntityManager, chains: readonly ChainHead[]): Promise<ChainItem[]> {
  if (chains.length === 0) return [];
  return withRequests(
    em,
    chains,
    await chainMembers(
      em,
      chains.map((c) => c.id),
    ),
  );
}

/** ChainItems of the chains `ids` (those that exist), in id order: two queries, the chains read with their members. */
export async function chainItemsById(em: EntityManager, ids: readonly number[]): Promise<ChainItem[]> {
  if (ids.length === 0) return [];
  const members = await chainMembers(em, ids);
  const chains = new Map<number, ChainHead>();
  for (const m of members) {
    if (!chains.has(m.chainId))
      chains.set(m.chainId, { id: m.chainId, status: m.chainStatus, createdAt: m.chainCreatedAt, updatedAt: m.chainUpdatedAt });
  }
  return withRequests(em, [...chains.values()], members);
}

async function withRequests(em: EntityManager, chains: readonly ChainHead[], members: readonly ChainMemberRow[]): Promise<ChainItem[]> {
  const requests = await requestsById(
    em,
    members.flatMap((m) => (m.requestId === null ? [] : [m.requestId])),
  );
  return presentChains(chains, members, requests);
}
