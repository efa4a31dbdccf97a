// The floors import no feature (docs/ARCHITECTURE.md section 2, issue 41): eslint.config.js refuses
// an import of features/ or the composition from http, realtime, events, db, mail, storage, ops,
// lib, caches and outbox. The features hand the floors what they need at start-up instead (the
// outbox's drafters and push sender: server/subscribers.ts).
import { describe, expect, it } from 'vitest';
import { lintMessages } from './test/lint-fixture.ts';

const floorSays = (file: string, source: string) => lintMessages(file, source, '@typescript-eslint/no-restricted-imports');
const refused = expect.stringContaining('A lower floor never imports features/');

describe('the floors import no feature', () => {
  it.each([
    [
      'server/outbox/fixture.ts',
      `import { offerMailDrafts } from '../features/offers/offer-mails.ts';\nexport const o = offerMailDrafts;\n`,
    ],
    ['server/outbox/fixture.ts', `import type { PushDevices } from '../features/push/push-devices.ts';\nexport type P = PushDevices;\n`],
    ['server/ops/fixture.ts', `import { offerMailDrafts } from '../features/offers/offer-mails.ts';\nexport const o = offerMailDrafts;\n`],
    ['server/outbox/fixture.ts', `import { outboxDeliveries } from '../subscribers.ts';\nexport const d = outboxDeliveries;\n`],
  ])('refuses %s importing a feature or the composition', async (file, source) => {
    expect(await floorSays(file, source)).toEqual([refused]);
  });

  it('lets a floor import another floor, and a feature import a floor', async () => {
    expect(
      await floorSays(
        'server/outbox/fixture.ts',
        `import { renderNotificationMails } from '../mail/notification-mails.ts';\nexport const r = renderNotificationMails;\n`,
      ),
    ).toEqual([]);
    expect(
      await floorSays(
        'server/features/offers/fixture.ts',
        `import { mailDrafter } from '../../outbox/outbox-plugins.ts';\nexport const m = mailDrafter;\n`,
      ),
    ).toEqual([]);
  });
});
