import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from './kysely.ts';

export const TEMPLATE_VARIABLES = {
  request: ['recipientName', 'senderName', 'route', 'date', 'base', 'position', 'employeeNumber'],
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

const requestBody = (verb: string) =>
  `<p>Hi {{recipientName}},</p><p>{{senderName}} (#{{employeeNumber}}, {{position}} at {{base}}) ${verb} ` +
  `<strong>{{route}}</strong> on <strong>{{date}}</strong>.</p>`;

export const DEFAULT_TEMPLATES = [
  {
    templateType: 'drop_trade_request',
    templateName: 'Drop Trade Request',
    subjectTemplate: '{{senderName}} wants to drop {{route}} on {{date}}',
    htmlTemplate: layout('A trip is up for grabs', requestBody('wants to give up')),
    variables: TEMPLATE_VARIABLES.request,
  },
  {
    templateType: 'pickup_trade_request',
    templateName: 'Pickup Trade Request',
    subjectTemplate: '{{senderName}} wants to pick up {{route}} on {{date}}',
    htmlTemplate: layout('Someone wants your trip', requestBody('would like to take')),
    variables: TEMPLATE_VARIABLES.request,
  },
  {
    templateType: 'trade_trade_request',
    templateName: 'Trade Request',
    subjectTemplate: '{{senderName}} wants to swap {{route}} on {{date}}',
    htmlTemplate: layout('A swap is on offer', requestBody('wants to swap')),
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
