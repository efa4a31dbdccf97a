import { Migration } from '@mikro-orm/migrations';

/**
 * Texts that say who gives what to whom (issue 39, part 7; docs/decisions/0025, amended):
 * - the offer mails' two lines were "Your trip: {{yourTrip}}" and "Offered in exchange: {{offeredTrip}}",
 *   which for a drop offered on a pickup request called the recipient's request their trip and the
 *   sender's trip an exchange: they are now {{youGet}} and {{youGive}}, a sentence each;
 * - the chain mail's subject read like a swap with the member who gives you a trip ("your ATL5201
 *   for Sofia Reyes's ATL5203") although yours goes to the third: now "you give ... to ...; ... gives you ...";
 * - every template the spec names accepts every variable the spec lists (its preview fills them all,
 *   whatever the template): the three offer templates and match_notification get the missing ones,
 *   and the offer templates youGet and youGive.
 * A template still word for word as seeded gets the new text; one an admin edited keeps its text.
 * The texts are spelled out here, not imported from the seed, so this migration never changes.
 */
const SEEDED: Record<string, { subject: string; html: string }> = {
  drop_trade_request: {
    subject: "{{summary}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">A trip is offered to you</h2><p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p><ul><li>Your trip: {{yourTrip}}</li><li>Offered in exchange: {{offeredTrip}}</li></ul><p>{{message}}</p><p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
  pickup_trade_request: {
    subject: "{{summary}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">Someone wants your trip</h2><p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p><ul><li>Your trip: {{yourTrip}}</li><li>Offered in exchange: {{offeredTrip}}</li></ul><p>{{message}}</p><p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
  trade_trade_request: {
    subject: "{{summary}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">A swap is on offer</h2><p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p><ul><li>Your trip: {{yourTrip}}</li><li>Offered in exchange: {{offeredTrip}}</li></ul><p>{{message}}</p><p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
  chain_notification: {
    subject: "A three-way trade: your {{yourRoute}} for {{giverName}}’s {{giverRoute}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">Three crew can trade in a circle</h2><p>Hi {{recipientName}},</p><p>No one could swap with you directly, but three of you can: your <strong>{{yourRoute}}</strong> ({{yourDates}}) goes to {{receiverName}}, and you get {{giverName}}’s <strong>{{giverRoute}}</strong> ({{giverDates}}).</p><p>The trade happens when all three accept; one decline ends it.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
};

const UPDATED: Record<string, { subject: string; html: string }> = {
  drop_trade_request: {
    subject: "{{summary}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">A trip is offered to you</h2><p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p><ul><li>{{youGet}}</li><li>{{youGive}}</li></ul><p>{{message}}</p><p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
  pickup_trade_request: {
    subject: "{{summary}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">Someone wants your trip</h2><p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p><ul><li>{{youGet}}</li><li>{{youGive}}</li></ul><p>{{message}}</p><p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
  trade_trade_request: {
    subject: "{{summary}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">A swap is on offer</h2><p>Hi {{recipientName}},</p><p><strong>{{summary}}.</strong></p><ul><li>{{youGet}}</li><li>{{youGive}}</li></ul><p>{{message}}</p><p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
  chain_notification: {
    subject: "A three-way trade: you give {{yourRoute}} to {{receiverName}}; {{giverName}} gives you {{giverRoute}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">Three crew can trade in a circle</h2><p>Hi {{recipientName}},</p><p>No one could swap with you directly, but three of you can: you give <strong>{{yourRoute}}</strong> ({{yourDates}}) to {{receiverName}}, and {{giverName}} gives you <strong>{{giverRoute}}</strong> ({{giverDates}}).</p><p>The trade happens when all three accept; one decline ends it.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
};

const VARIABLES: Record<string, string[]> = {
  drop_trade_request: ["recipientName","senderName","summary","youGet","youGive","yourTrip","offeredTrip","message","route","date","base","position","employeeNumber","matchedUserName","userAction","userRoute","userDate","matchedAction","matchedRoute","matchedDate","matchedBase","matchedPosition","matchedEmployeeNumber"],
  pickup_trade_request: ["recipientName","senderName","summary","youGet","youGive","yourTrip","offeredTrip","message","route","date","base","position","employeeNumber","matchedUserName","userAction","userRoute","userDate","matchedAction","matchedRoute","matchedDate","matchedBase","matchedPosition","matchedEmployeeNumber"],
  trade_trade_request: ["recipientName","senderName","summary","youGet","youGive","yourTrip","offeredTrip","message","route","date","base","position","employeeNumber","matchedUserName","userAction","userRoute","userDate","matchedAction","matchedRoute","matchedDate","matchedBase","matchedPosition","matchedEmployeeNumber"],
  match_notification: ["recipientName","matchedUserName","userAction","userRoute","userDate","matchedAction","matchedRoute","matchedDate","matchedBase","matchedPosition","matchedEmployeeNumber","senderName","route","date","base","position","employeeNumber"],
};

export class Migration20261128200500 extends Migration {
  override name = 'Migration20261128200500';

  override async up(): Promise<void> {
    for (const [type, seeded] of Object.entries(SEEDED)) {
      const updated = UPDATED[type]!;
      await this.execute(
        `update "email_templates" set "subject_template" = ?, "html_template" = ?, "updated_at" = now()
         where "template_type" = ? and "subject_template" = ? and "html_template" = ?`,
        [updated.subject, updated.html, type, seeded.subject, seeded.html],
      );
    }
    for (const [type, variables] of Object.entries(VARIABLES)) {
      // As JSON text: the driver inlines parameters and has no spelling of a text[] of its own.
      await this.execute(
        `update "email_templates" set "variables" = array(select v from jsonb_array_elements_text(?::jsonb) with ordinality as e(v, n) order by n) where "template_type" = ?`,
        [JSON.stringify(variables), type],
      );
    }
  }

  override async down(): Promise<void> {
    for (const [type, seeded] of Object.entries(SEEDED)) {
      const updated = UPDATED[type]!;
      await this.execute(
        `update "email_templates" set "subject_template" = ?, "html_template" = ?, "updated_at" = now()
         where "template_type" = ? and "subject_template" = ? and "html_template" = ?`,
        [seeded.subject, seeded.html, type, updated.subject, updated.html],
      );
    }
  }
}
