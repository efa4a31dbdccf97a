// Every event the outbox records a mail for has a drafter handed in by its feature
// (server/subscribers.ts): a mailed event with none would be marked done with no mail sent.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from './events/domain-events.ts';
import { outboxRecordsOf } from './outbox/outbox-records.ts';
import { outboxDeliveries } from './subscribers.ts';

/** Every event type the union declares, read from its source (types leave nothing at run time). */
const eventTypes = [
  ...fs.readFileSync(path.join(import.meta.dirname, 'events/domain-events.ts'), 'utf8').matchAll(/type: '([a-zA-Z.]+)'/g),
].map((m) => m[1]!);

/** An event of `type` carrying user 1 in every field a recipient is read from. */
const eventOf = (type: string) =>
  ({
    type,
    userId: 1,
    toUserId: 1,
    fromUserId: 2,
    userIds: [1, 2],
    proposed: true,
    byRule: true,
    match: { userIds: [1, 2] },
  }) as unknown as DomainEvent;

describe('the outbox deliveries', () => {
  it('draft the mail of every event the outbox records a mail for', () => {
    expect(eventTypes.length).toBeGreaterThan(25);
    const mailed = eventTypes.filter((t) => outboxRecordsOf([eventOf(t)], () => true).some((r) => r.channel === 'mail'));
    expect(mailed.sort()).toEqual([
      'account.resetAsked',
      'account.verifyAsked',
      'chain.changed',
      'match.created',
      'offer.answered',
      'offer.sent',
      'support.responded',
    ]);
    const deps = { orm: undefined, limits: undefined, push: undefined } as never;
    const drafted = outboxDeliveries(deps).mail.flatMap((d) => d.types);
    expect(mailed.filter((t) => !drafted.includes(t as DomainEvent['type']))).toEqual([]);
    // One drafter per type: two would send two mails for one row.
    expect(new Set(drafted).size).toBe(drafted.length);
  });
});
