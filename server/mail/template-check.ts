import { MSG } from '#protocol/messages.ts';

/**
 * Whether a template parses for renderTemplate (render.ts): every `{{` is closed by `}}` and names
 * one of the template's variables. The problem as the admin reads it, or null. A name outside the
 * list would render as an empty string in every mail, so it is refused rather than saved.
 */
export function templateProblem(text: string, variables: readonly string[], field: string): string | null {
  let at = 0;
  for (;;) {
    const open = text.indexOf('{{', at);
    if (open < 0) return null;
    const close = text.indexOf('}}', open + 2);
    if (close < 0) return `${MSG.templateUnclosed} in ${field}`;
    const name = text.slice(open + 2, close).trim();
    if (!/^\w+$/.test(name) || !variables.includes(name)) {
      return `${MSG.templateUnknownVariable} {{${name.slice(0, 40)}}} in ${field}`;
    }
    at = close + 2;
  }
}
