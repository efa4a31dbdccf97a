import { Migration } from '@mikro-orm/migrations';

/**
 * The offer mails name the recipient's trip as theirs and the sender's as the sender's (docs/decisions/0025,
 * docs/decisions/0025): the three offer templates get the new variables (summary, yourTrip,
 * offeredTrip, message), and a template still word for word as seeded gets the new default text.
 * One an admin edited keeps its text: its route and date now name the trip its verb acts on.
 * The texts are spelled out here, not imported from the seed, so this migration never changes.
 */
const SEEDED: Record<string, { subject: string; html: string }> = {
  drop_trade_request: {
    subject: "{{senderName}} wants to drop {{route}} on {{date}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">A trip is up for grabs</h2><p>Hi {{recipientName}},</p><p>{{senderName}} (#{{employeeNumber}}, {{position}} at {{base}}) wants to give up <strong>{{route}}</strong> on <strong>{{date}}</strong>.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
  pickup_trade_request: {
    subject: "{{senderName}} wants to pick up {{route}} on {{date}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">Someone wants your trip</h2><p>Hi {{recipientName}},</p><p>{{senderName}} (#{{employeeNumber}}, {{position}} at {{base}}) would like to take <strong>{{route}}</strong> on <strong>{{date}}</strong>.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
  trade_trade_request: {
    subject: "{{senderName}} wants to swap {{route}} on {{date}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">A swap is on offer</h2><p>Hi {{recipientName}},</p><p>{{senderName}} (#{{employeeNumber}}, {{position}} at {{base}}) wants to swap <strong>{{route}}</strong> on <strong>{{date}}</strong>.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
};

const UPDATED: Record<string, { subject: string; html: string }> = {
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
  message_trade_request: {
    subject: "{{summary}}",
    html: "<div style=\"font-family:Arial,sans-serif;max-width:560px;margin:0 auto;color:#1f2937\"><h2 style=\"color:#1d4ed8\">A message about a trade</h2><p>Hi {{recipientName}},</p><p><strong>{{summary}}:</strong></p><blockquote style=\"border-left:3px solid #d1d5db;margin:0;padding-left:12px\">{{message}}</blockquote><p>{{senderName}} is #{{employeeNumber}}, {{position}} at {{base}}.</p><p>Reply to them in Messages.</p><p style=\"color:#6b7280;font-size:12px\">Sign in to Crewtrade to respond.</p></div>",
  },
};

const VARIABLES = ["recipientName", "senderName", "summary", "yourTrip", "offeredTrip", "message", "route", "date", "base", "position", "employeeNumber"];

export class Migration20261126162645 extends Migration {
  override name = 'Migration20261126162645';

  override async up(): Promise<void> {
    for (const [type, seeded] of Object.entries(SEEDED)) {
      const updated = UPDATED[type]!;
      await this.execute(
        `update "email_templates" set "subject_template" = ?, "html_template" = ?, "updated_at" = now()
         where "template_type" = ? and "subject_template" = ? and "html_template" = ?`,
        [updated.subject, updated.html, type, seeded.subject, seeded.html],
      );
      // As JSON text: the driver inlines parameters and has no spelling of a text[] of its own.
      await this.execute(
        `update "email_templates" set "variables" = array(select v from jsonb_array_elements_text(?::jsonb) with ordinality as e(v, n) order by n) where "template_type" = ?`,
        [JSON.stringify(VARIABLES), type],
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
