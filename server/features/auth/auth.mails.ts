import { escapeHtml } from '../../mail/render.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

export const RESET_SUBJECT = 'Reset your Crewtrade password';
export const VERIFY_SUBJECT = 'Confirm your Crewtrade email address';

const greeting = (firstName: string | null) => firstName ?? 'there';

export function resetMail(to: string, firstName: string | null, link: string): OutgoingMail {
  const name = greeting(firstName);
  return {
    to,
    subject: RESET_SUBJECT,
    text: `Hi ${name},\n\nReset your password with this link (valid for one hour):\n${link}\n\nIf you did not ask for this, ignore this mail.`,
    html:
      `<p>Hi ${escapeHtml(name)},</p><p>Reset your Crewtrade password with the link below. It is valid for one hour and works once.</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If you did not ask for this, ignore this mail.</p>`,
  };
}

/**
 * The link confirms the address for the account signed in where it is opened; someone who did not
 * sign up is told how to take the address back (a reset proves the mailbox and ends other sessions).
 */
export function verifyMail(to: string, firstName: string | null, link: string): OutgoingMail {
  const name = greeting(firstName);
  const notYou =
    'If you did not create this account, someone else used your address: ignore this mail, or choose "Forgot password?" on the sign-in page to take the account over.';
  return {
    to,
    subject: VERIFY_SUBJECT,
    text: `Hi ${name},\n\nConfirm your email address with this link (valid for 7 days; sign in if asked):\n${link}\n\n${notYou}`,
    html:
      `<p>Hi ${escapeHtml(name)},</p><p>Confirm your Crewtrade email address with the link below. It is valid for 7 days; sign in if asked.</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(notYou)}</p>`,
  };
}
