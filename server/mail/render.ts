// The one renderer, shared with the admin screen's preview (protocol/templates.ts).
export { escapeHtml, renderTemplate } from '#protocol/templates.ts';
