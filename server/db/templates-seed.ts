import type { EntityManager } from '@mikro-orm/postgresql';
import { SPEC_TEMPLATE_VARIABLES } from '#protocol/templates.ts';
import { kysely } from './kysely.ts';

/** The spec's variables after a template's own, each once. */
const withSpec = (own: readonly string[]) => [...new Set([...own, ...SPEC_TEMPLATE_VARIABLES])];

export const TEMPLATE_VARIABLES = {
  // summary: the offer as its recipient reads it, both parties named; youGet / youGive: what the
  // sender offers the recipient and what the recipient gives, each a sentence (protocol/offerText.ts);
  // yourTrip / offeredTrip: the recipient's trip they give and the sender's ("nothing" when none).
  // route and date, the spec's, name the trip the template's verb acts on: the recipient's for a
  // pickup or a trade, the sender's for a drop (docs/decisions/0025). The spec's other variables
  // (matched*, user*) are filled too: the sender is the matched colleague (offer-mails.ts).
  request: withSpec([
    'recipientName',
    'senderName',
    'summary',
    'youGet',
    'youGive',
    'yourTrip',
    'offeredTrip',
    'message',
    'route',
    'date',
    'base',
    'position',
    'employeeNumber',
  ]),
  /** A message asking to trade, sent from a crew profile: no trip to name. */
  message: ['recipientName', 'senderName', 'summary', 'message', 'base', 'position', 'employeeNumber'],
  /** The spec's senderName, route, date, base, position and employeeNumber too (server/mail/spec-variables.ts). */
  match: withSpec([
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
  ]),
  chain: ['recipientName', 'yourRoute', 'yourDates', 'receiverName', 'giverName', 'giverRoute', 'giverDates'],
};

const layout = (title: string, body: string) =>
  `<div style="font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937">` +
  `<h2 style="color:#1d4ed8">${title}</h2>${body}` +
  `<p style="color:#6b7280;font-size:12px">Sign in to Crewtrade to respond.</p></div>`;

const sender = `<p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p>`;

/** One body for the three offer types: the sentence and each line say who gives what to whom, whatever the type. */
const requestBody =
  `<p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p>` +
  `<ul><li>{{youGet}}</li><li>{{youGive}}</li></ul>` +
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
    // docs/decisions/0045: the reader's side, saying "counter-offer" in subject and body.
    templateType: 'counter_trade_request',
    templateName: 'Counter-Offer',
    subjectTemplate: 'Counter-offer: {{summary}}',
    htmlTemplate: layout(
      'A counter-offer to your trade request',
      `<p>Hi {{recipientName}},</p><p>{{senderName}} answered with a counter-offer: <strong>{{summary}}.</strong></p>` +
        `<ul><li>{{youGet}}</li><li>{{youGive}}</li></ul><p>{{message}}</p>${sender}` +
        `<p>Accept it, decline it or counter again on the Trades screen.</p>`,
    ),
    variables: TEMPLATE_VARIABLES.request,
  },
  {
    templateType: 'standing_rule_accepted',
    templateName: 'Trade Accepted by Standing Rule',
    subjectTemplate: '{{summary}}',
    htmlTemplate: layout(
      'Your standing rule accepted a trade',
      `<p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p>` +
        `<p>"Accept automatically" was on for this request, so the trade is done: it is on your Trades screen, Completed tab.</p>${sender}`,
    ),
    variables: TEMPLATE_VARIABLES.request,
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
    // Your trip goes to one member, another's comes to you: never "your X for Sofia's Y", a swap with her.
    subjectTemplate: 'A three-way trade: you give {{yourRoute}} to {{receiverName}}; {{giverName}} gives you {{giverRoute}}',
    htmlTemplate: layout(
      'Three crew can trade in a circle',
      `<p>Hi {{recipientName}},</p><p>No one could swap with you directly, but three of you can: ` +
        `you give <strong>{{yourRoute}}</strong> ({{yourDates}}) to {{receiverName}}, and {{giverName}} gives you ` +
        `<strong>{{giverRoute}}</strong> ({{giverDates}}).</p>` +
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
