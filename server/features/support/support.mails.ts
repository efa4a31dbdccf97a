import type { SupportRequestItem } from '#protocol/shapes.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/render.ts';

/** Line breaks of the stored text survive in HTML; every character of it is escaped. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The admin's answer to the filer (sent whether or not they take match mail: they asked). */
export function supportResponseMail(to: string, request: SupportRequestItem, link: string): OutgoingMail {
  const name = request.user?.firstName ?? 'there';
  const response = request.adminResponse ?? '';
  return {
    to,
    subject: `Re: ${request.subject}`,
    text: `Hi ${name},\n\nOur answer to your support request "${request.subject}":\n\n${response}\n\nYour requests and their answers: ${link}`,
    html:
      `<p>Hi ${escapeHtml(name)},</p><p>Our answer to your support request <strong>${escapeHtml(request.subject)}</strong>:</p>` +
      `<blockquote style="border-left:3px solid #1d4ed8;margin:0;padding-left:12px">${paragraphs(response)}</blockquote>` +
      `<p><a href="${escapeHtml(link)}">See your support requests</a></p>`,
  };
}
