// An existing database's offer templates (docs/decisions/0025): the ones still as seeded get the new text, one an
// admin edited keeps its text; all three get the new variables; the message template is added.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { sql } from '../test/outbox.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { openDatabase } from './database.ts';
import { DEFAULT_TEMPLATES } from './templates-seed.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

const open = async () => (await openDatabase(loadConfig({ DATABASE_URL: testDb.url }), pino({ level: 'silent' }), { poolMax: 2 })).close();
const OLD = {
  drop: '{{senderName}} wants to drop {{route}} on {{date}}',
  pickup: '{{senderName}} wants to pick up {{route}} on {{date}}',
};

describe('Migration20261126162645', () => {
  it('updates the templates as seeded, keeps an edited one, and gives all three the new variables', async () => {
    await open();
    // The database as it stood before: the old seeded texts, one edited by an admin, no message template.
    const seededHtml = (verb: string, title: string) =>
      '<div style="font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937">' +
      `<h2 style="color:#1d4ed8">${title}</h2><p>Hi {{recipientName}},</p><p>{{senderName}} (#{{employeeNumber}}, {{position}} at {{base}}) ${verb} ` +
      '<strong>{{route}}</strong> on <strong>{{date}}</strong>.</p><p style="color:#6b7280;font-size:12px">Sign in to Crewtrade to respond.</p></div>';
    const oldVariables = ['recipientName', 'senderName', 'route', 'date', 'base', 'position', 'employeeNumber'];
    await sql(
      testDb.url,
      `update email_templates set subject_template = $1, html_template = $2, variables = $3 where template_type = 'pickup_trade_request'`,
      [OLD.pickup, seededHtml('would like to take', 'Someone wants your trip'), oldVariables],
    );
    await sql(
      testDb.url,
      `update email_templates set subject_template = $1, html_template = $2, variables = $3 where template_type = 'drop_trade_request'`,
      ['Edited: {{senderName}} drops {{route}}', '<p>Our own words for {{recipientName}}</p>', oldVariables],
    );
    await sql(testDb.url, `delete from email_templates where template_type = 'message_trade_request'`);
    await sql(testDb.url, `delete from mikro_orm_migrations where name = 'Migration20261126162645'`);

    await open();
    const rows = await sql<{ template_type: string; subject_template: string; html_template: string; variables: string[] }>(
      testDb.url,
      'select template_type, subject_template, html_template, variables from email_templates',
    );
    const byType = new Map(rows.map((r) => [r.template_type, r]));
    const seeded = (type: string) => DEFAULT_TEMPLATES.find((t) => t.templateType === type)!;
    expect(byType.get('pickup_trade_request')).toMatchObject({
      subject_template: seeded('pickup_trade_request').subjectTemplate,
      html_template: seeded('pickup_trade_request').htmlTemplate,
    });
    expect(byType.get('drop_trade_request')).toMatchObject({
      subject_template: 'Edited: {{senderName}} drops {{route}}',
      html_template: '<p>Our own words for {{recipientName}}</p>',
    });
    for (const type of ['pickup_trade_request', 'drop_trade_request', 'trade_trade_request']) {
      expect(byType.get(type)?.variables).toEqual(seeded(type).variables);
      expect(byType.get(type)?.variables).toEqual(expect.arrayContaining(['summary', 'yourTrip', 'offeredTrip', ...oldVariables]));
    }
    expect(byType.get('message_trade_request')?.subject_template).toBe('{{summary}}');
  });
});
