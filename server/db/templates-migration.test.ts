// An existing database's offer templates (docs/decisions/0025): the ones still as seeded get the new text, one an
// admin edited keeps its text; all three get the new variables; the message template is added.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { sql } from '../test/outbox.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { openDatabase } from './database.ts';
import { DEFAULT_TEMPLATES } from './templates-seed.ts';
import { SPEC_VARIABLES } from '../test/spec-template-variables.ts';

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
    // Both run again, in order: this one's texts are the ones Migration20261128200500 takes to today's.
    await sql(testDb.url, `delete from mikro_orm_migrations where name in ('Migration20261126162645', 'Migration20261128200500')`);

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

describe('Migration20261128200500', () => {
  it('offer mails say who gives what, the chain subject too; every template the spec names gets its variables; edits are kept', async () => {
    await open();
    // The database as it stood before: the texts as seeded until now (Migration20261126162645's), the
    // trade template edited by an admin, and the variables lists of then.
    const offerHtml = (title: string) =>
      '<div style="font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937">' +
      `<h2 style="color:#1d4ed8">${title}</h2><p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p>` +
      '<ul><li>Your trip: {{yourTrip}}</li><li>Offered in exchange: {{offeredTrip}}</li></ul><p>{{message}}</p>' +
      '<p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p><p style="color:#6b7280;font-size:12px">Sign in to Crewtrade to respond.</p></div>';
    const chainHtml =
      '<div style="font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937">' +
      '<h2 style="color:#1d4ed8">Three crew can trade in a circle</h2><p>Hi {{recipientName}},</p><p>No one could swap with you directly, but three of you can: ' +
      'your <strong>{{yourRoute}}</strong> ({{yourDates}}) goes to {{receiverName}}, and you get ' +
      '{{giverName}}’s <strong>{{giverRoute}}</strong> ({{giverDates}}).</p>' +
      '<p>The trade happens when all three accept; one decline ends it.</p><p style="color:#6b7280;font-size:12px">Sign in to Crewtrade to respond.</p></div>';
    const offerVariables = [
      'recipientName',
      'senderName',
      'summary',
      'yourTrip',
      'offeredTrip',
      'message',
      'route',
      'date',
      'base',
      'position',
      'employeeNumber',
    ];
    const matchVariables = DEFAULT_TEMPLATES.find((t) => t.templateType === 'match_notification')!.variables.filter(
      (v) => !['senderName', 'route', 'date', 'base', 'position', 'employeeNumber'].includes(v),
    );
    const set = (type: string, subject: string, html: string, variables: string[]) =>
      sql(testDb.url, 'update email_templates set subject_template = $1, html_template = $2, variables = $3 where template_type = $4', [
        subject,
        html,
        variables,
        type,
      ]);
    await set('drop_trade_request', '{{summary}}', offerHtml('A trip is offered to you'), offerVariables);
    await set('pickup_trade_request', '{{summary}}', offerHtml('Someone wants your trip'), offerVariables);
    await set('trade_trade_request', 'Swap: {{summary}}', '<p>{{yourTrip}} for {{offeredTrip}}</p>', offerVariables);
    await set('chain_notification', 'A three-way trade: your {{yourRoute}} for {{giverName}}’s {{giverRoute}}', chainHtml, [
      'recipientName',
      'yourRoute',
      'yourDates',
      'receiverName',
      'giverName',
      'giverRoute',
      'giverDates',
    ]);
    const match = DEFAULT_TEMPLATES.find((t) => t.templateType === 'match_notification')!;
    await set('match_notification', match.subjectTemplate, match.htmlTemplate, matchVariables);
    await sql(testDb.url, `delete from mikro_orm_migrations where name = 'Migration20261128200500'`);

    await open();
    const rows = await sql<{ template_type: string; subject_template: string; html_template: string; variables: string[] }>(
      testDb.url,
      'select template_type, subject_template, html_template, variables from email_templates',
    );
    const byType = new Map(rows.map((r) => [r.template_type, r]));
    const seeded = (type: string) => DEFAULT_TEMPLATES.find((t) => t.templateType === type)!;
    for (const type of ['drop_trade_request', 'pickup_trade_request', 'chain_notification']) {
      expect(byType.get(type)).toMatchObject({ subject_template: seeded(type).subjectTemplate, html_template: seeded(type).htmlTemplate });
    }
    expect(byType.get('drop_trade_request')?.html_template).toContain('{{youGet}}');
    expect(byType.get('drop_trade_request')?.html_template).not.toContain('Offered in exchange');
    expect(byType.get('chain_notification')?.subject_template).toBe(
      'A three-way trade: you give {{yourRoute}} to {{receiverName}}; {{giverName}} gives you {{giverRoute}}',
    );
    // The admin's words stay.
    expect(byType.get('trade_trade_request')).toMatchObject({
      subject_template: 'Swap: {{summary}}',
      html_template: '<p>{{yourTrip}} for {{offeredTrip}}</p>',
    });
    for (const type of ['drop_trade_request', 'pickup_trade_request', 'trade_trade_request', 'match_notification', 'chain_notification']) {
      expect(byType.get(type)?.variables).toEqual(seeded(type).variables);
    }
    for (const type of ['drop_trade_request', 'pickup_trade_request', 'trade_trade_request', 'match_notification']) {
      expect(SPEC_VARIABLES.filter((v) => !byType.get(type)?.variables.includes(v))).toEqual([]);
    }
  });
});
