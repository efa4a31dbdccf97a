import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from './kysely.ts';

export const TEMPLATE_VARIABLES = {
  // summary: the offer as its recipient reads it, both parties named (protocol/offerText.ts);
  // yourTrip / offeredTrip: the recipient's trip and the sender's ("nothing" when none). route and
  // date, the spec's, name the trip the template's verb acts on: the recipient's for a pickup or a
  // trade, the sender's for a drop (docs/decisions/0025).
  request: [
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
  ],
  /** A message asking to trade, sent from a crew profile: no trip to name. */
  message: ['recipientName', 'senderName', 'summary', 'message', 'base', 'position', 'employeeNumber'],
  match: [
    'recipientName',
    'matchedUserName',
    'userAction',
    'userRoute',
    'userDate',
    'matchedAction',
    'matchedRoute',
    'matchedDate',
    'matchedBase',
    'matchedPosition',
    'matchedEmployeeNumber',
  ],
  chain: ['recipientName', 'yourRoute', 'yourDates', 'receiverName', 'giverName', 'giverRoute', 'giverDates'],
};

const layout = (title: string, body: string) =>
  `<div style="font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937">` +
  `<h2 style="color:#1d4ed8">${title}</h2>${body}` +
  `<p style="color:#6b7280;font-size:12px">Sign in to Crewtrade to respond.</p></div>`;

const sender = `<p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p>`;

/** One body for the three offer types: the sentence says who gives what to whom, whatever the type. */
const requestBody =
  `<p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p>` +
  `<ul><li>Your trip: {{yourTrip}}</li><li>Offered in exchange: {{offeredTrip}}</li></ul>` +
  `<p>{{message}}</p>${sender}`;

export const DEFAULT_TEMPLATES = [
  {
    templateType: 'drop_trade_request',
    templateName: 'Drop Trade Request',
    subjectTemplate: '{{summary}}',
    htmlTemplate: layout('A trip is offered to you', requestBody),
    variables: TEMPLATE_VARIABLES.request,
  },
  {
    templateType: 'pickup_trade_request',
    templateName: 'Pickup Trade Request',
    subjectTemplate: '{{summary}}',
    htmlTemplate: layout('Someone wants your trip', requestBody),
    variables: TEMPLATE_VARIABLES.request,
  },
  {
    templateType: 'trade_trade_request',
    templateName: 'Trade Request',
    subjectTemplate: '{{summary}}',
    htmlTemplate: layout('A swap is on offer', requestBody),
    variables: TEMPLATE_VARIABLES.request,
  },
  {
    templateType: 'message_trade_request',
    templateName: 'Message Asking to Trade',
    subjectTemplate: '{{summary}}',
    htmlTemplate: layout(
      'A message about a trade',
      `<p>Hi {{recipientName}},</p><p><strong>{{summary}}:</strong></p>` +
        `<blockquote style="border-left:3px solid #d1d5db;margin:0;padding-left:12px">{{message}}</blockquote>${sender}` +
        `<p>Reply to them in Messages.</p>`,
    ),
    variables: TEMPLATE_VARIABLES.message,
  },
  {
    templateType: 'match_notification',
    templateName: 'Match Notification',
    subjectTemplate: 'New match: {{matchedUserName}} fits your {{userAction}} on {{userDate}}',
    htmlTemplate: layout(
      'We found a match',
      `<p>Hi {{recipientName}},</p><p>Your request to <strong>{{userAction}}</strong> {{userRoute}} on {{userDate}} ` +
        `matches {{matchedUserName}} (#{{matchedEmployeeNumber}}, {{matchedPosition}} at {{matchedBase}}), ` +
        `who wants to <strong>{{matchedAction}}</strong> {{matchedRoute}} on {{matchedDate}}.</p>`,
    ),
    variables: TEMPLATE_VARIABLES.match,
  },
  {
    templateType: 'chain_notification',
    templateName: 'Trade Chain Notification',
    subjectTemplate: 'A three-way trade: your {{yourRoute}} for {{giverName}}’s {{giverRoute}}',
    htmlTemplate: layout(
      'Three crew can trade in a circle',
      `<p>Hi {{recipientName}},</p><p>No one could swap with you directly, but three of you can: ` +
        `your <strong>{{yourRoute}}</strong> ({{yourDates}}) goes to {{receiverName}}, and you get ` +
        `{{giverName}}’s <strong>{{giverRoute}}</strong> ({{giverDates}}).</p>` +
        `<p>The trade happens when all three accept; one decline ends it.</p>`,
    ),
    variables: TEMPLATE_VARIABLES.chain,
  },
];

/** Inserts the default templates that are missing; admin edits are never overwritten. */
export async function seedEmailTemplates(em: EntityManager): Promise<void> {
  await kysely(em)
    .insertInto('email_templates')
    .values(
      DEFAULT_TEMPLATES.map((t) => ({
        template_type: t.templateType,
        template_name: t.templateName,
        subject_template: t.subjectTemplate,
        html_template: t.htmlTemplate,
        variables: t.variables,
      })),
    )
    .onConflict((oc) => oc.column('template_type').doNothing())
    .execute();
}
