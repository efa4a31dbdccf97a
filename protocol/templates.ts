// E-mail template rendering, shared: the server fills the templates it mails, the admin screen's
// Preview fills them with sample values the same way.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Replaces {{name}}; values are HTML-escaped in HTML, left as they are in subjects. */
export function renderTemplate(template: string, vars: Record<string, string | number | null | undefined>, html: boolean): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const v = vars[name];
    const s = v === null || v === undefined ? '' : String(v);
    return html ? escapeHtml(s) : s;
  });
}

/**
 * The variables docs/product-spec.md lists for the e-mail templates (Email Templates tab: the preview
 * fills them all, whatever the template). The spec names one list, not one per template, so each
 * template it names (the three offer templates and match_notification) accepts every one of them,
 * besides its own, and its mail fills them all (docs/decisions/0025, amended).
 */
export const SPEC_TEMPLATE_VARIABLES = [
  'recipientName',
  'senderName',
  'route',
  'date',
  'base',
  'position',
  'employeeNumber',
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
] as const;
