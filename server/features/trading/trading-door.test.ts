// The trading core's one door (docs/decisions/0027, issue 41): eslint.config.js refuses any import of
// a file under features/trading/ other than trading-core.ts, outside the core and the composition.
// Small sources linted in memory, each placed as if it were a file of the tree, with the project's
// own config (only type information is left out: the fixtures are not on disk, and the rule needs none).
import { describe, expect, it } from 'vitest';
import { lintMessages } from '../../test/lint-fixture.ts';

/** What the door says about `source` placed at `file` (relative to the root): its messages. */
const doorSays = (file: string, source: string) => lintMessages(file, source, 'no-restricted-imports');

const refused = expect.stringContaining('through features/trading/trading-core.ts only');

describe('the trading core has one door', () => {
  it('refuses a feature importing the group lock (or any other internal) directly', async () => {
    expect(
      await doorSays(
        'server/features/offers/door-fixture.ts',
        `import { GroupLock } from '../trading/group-lock.ts';\nexport type L = GroupLock;\n`,
      ),
    ).toEqual([refused]);
    expect(
      await doorSays(
        'server/features/requests/door-fixture.ts',
        `import { matchRequest } from '../trading/matching.service.ts';\nexport const m = matchRequest;\n`,
      ),
    ).toEqual([refused]);
  });

  it('refuses a type import and a re-export all the same', async () => {
    expect(
      await doorSays(
        'server/features/offers/door-fixture.ts',
        `import type { GroupLock } from '../trading/group-lock.ts';\nexport type L = GroupLock;\n`,
      ),
    ).toEqual([refused]);
    expect(await doorSays('server/features/offers/door-fixture.ts', `export { GroupLock } from '../trading/group-lock.ts';\n`)).toEqual([
      refused,
    ]);
  });

  it('lets a feature in through trading-core.ts', async () => {
    expect(
      await doorSays(
        'server/features/offers/door-fixture.ts',
        `import { lockGroups, type GroupLock } from '../trading/trading-core.ts';\nexport const l: typeof lockGroups = lockGroups;\nexport type L = GroupLock;\n`,
      ),
    ).toEqual([]);
  });

  it('holds for the scripts and the server outside features/ too', async () => {
    expect(
      await doorSays(
        'scripts/bench/door-fixture.ts',
        `import { isMatch } from '../../server/features/trading/matching.rules.ts';\nexport const m = isMatch;\n`,
      ),
    ).toEqual([refused]);
    expect(
      await doorSays(
        'server/outbox/door-fixture.ts',
        `import { matchGroupDraft } from '../features/trading/match-mails.ts';\nexport const m = matchGroupDraft;\n`,
      ),
    ).toEqual([refused]);
  });

  it("lets the core's own files, and the composition that registers its subscriber, import its internals", async () => {
    expect(
      await doorSays(
        'server/features/trading/door-fixture.ts',
        `import { GroupLock } from './group-lock.ts';\nexport const g = GroupLock;\n`,
      ),
    ).toEqual([]);
    expect(
      await doorSays(
        'server/subscribers.ts',
        `import { matchNoticesSubscriber } from './features/trading/match-notices.subscriber.ts';\nexport const s = matchNoticesSubscriber;\n`,
      ),
    ).toEqual([]);
  });

  it('refuses the outbox (a floor) reading the core, even its mail drafts', async () => {
    const source = `import { matchGroupDraft } from '../features/trading/match-mails.ts';\nexport const m = matchGroupDraft;\n`;
    expect(await doorSays('server/outbox/outbox-mails.ts', source)).toEqual([refused]);
  });
});
