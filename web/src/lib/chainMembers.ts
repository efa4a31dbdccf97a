// A chain's members as a cycle: each gets the request of the member before them.
import type { ChainItem, ChainMember } from '#protocol/shapes.ts';

/** The user's place in the chain's cycle, or -1. */
export function memberIndex(chain: ChainItem, userId: number | undefined): number {
  return userId === undefined ? -1 : chain.members.findIndex((m) => m.user.id === userId);
}

/** The member after `index` in the cycle: the one who gets that member's request. */
export const nextMember = (chain: ChainItem, index: number): ChainMember | undefined => chain.members[(index + 1) % chain.members.length];

/** The member before `index` in the cycle: the one whose request that member gets. */
export const previousMember = (chain: ChainItem, index: number): ChainMember | undefined =>
  chain.members[(index - 1 + chain.members.length) % chain.members.length];
