/**
 * RFC 5545 section 3.1 read leniently: logical lines unfolded across every line end in use (CRLF, LF,
 * or the bare CR of old Mac exports), each property split into name, parameters and value, and the
 * BEGIN/END nesting into components. Each property keeps the physical line it started on, so a
 * skipped event can be named by its line. Nothing here throws: a line that is not a property is
 * kept as unreadable, and its event decides what that means.
 */

export interface Property {
  /** Upper case. */
  name: string;
  /** Upper-case names; values unquoted. */
  params: Record<string, string>;
  value: string;
  line: number;
}

export interface Component {
  /** Upper case: VCALENDAR, VEVENT, VTIMEZONE, STANDARD... */
  name: string;
  line: number;
  props: Property[];
  children: Component[];
  /** The first line inside it that was not a property. */
  unreadableLine?: number;
}

/** One property line; null when it has no name or no colon. */
export function parseProperty(text: string, line: number): Property | null {
  const head = /^([A-Za-z0-9-]+)/.exec(text);
  if (!head) return null;
  const name = head[1]!.toUpperCase();
  const params: Record<string, string> = {};
  let i = name.length;
  while (text[i] === ';') {
    const eq = text.indexOf('=', i);
    if (eq < 0) return null;
    const key = text
      .slice(i + 1, eq)
      .trim()
      .toUpperCase();
    let j = eq + 1;
    let value = '';
    // A parameter value may be quoted, and then hold ; : and , (TZID="(GMT-05:00) Eastern Time").
    for (;;) {
      if (text[j] === '"') {
        const close = text.indexOf('"', j + 1);
        if (close < 0) return null;
        value += text.slice(j + 1, close);
        j = close + 1;
      } else {
        const m = /^[^";:,]*/.exec(text.slice(j))![0];
        value += m;
        j += m.length;
      }
      if (text[j] !== ',') break;
      value += ',';
      j++;
    }
    params[key] = value;
    i = j;
  }
  if (text[i] !== ':') return null;
  return { name, params, value: text.slice(i + 1), line };
}

/** The logical lines of a file, each with the physical line it starts on. */
function* unfolded(text: string): Generator<{ text: string; line: number }> {
  const physical = text.split(/\r\n|\n|\r/);
  let current: { text: string; line: number } | null = null;
  for (let n = 0; n < physical.length; n++) {
    const raw = physical[n]!;
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && current) {
      current.text += raw.slice(1);
      continue;
    }
    if (current) yield current;
    // Indentation with nothing to continue is only indentation (some exporters indent the first line).
    current = raw.trim() === '' ? null : { text: raw.trimStart(), line: n + 1 };
  }
  if (current) yield current;
}

/** Components open at once: a calendar nests three deep (VCALENDAR > VTIMEZONE > STANDARD, VEVENT > VALARM). */
const MAX_DEPTH = 8;

/**
 * The VCALENDAR components of a file, however many it holds, with what they contain. Lines outside
 * any calendar are ignored; an END that closes an outer component closes the ones left open in it.
 * A BEGIN deeper than MAX_DEPTH is ignored, so that no END searches a stack as deep as the file.
 */
export function readComponents(text: string): Component[] {
  const calendars: Component[] = [];
  const stack: Component[] = [];
  for (const { text: l, line } of unfolded(text)) {
    const prop = parseProperty(l, line);
    if (prop?.name === 'BEGIN') {
      const name = prop.value.trim().toUpperCase();
      if (stack.length >= MAX_DEPTH) continue;
      const component: Component = { name, line, props: [], children: [] };
      if (stack.length > 0) stack.at(-1)!.children.push(component);
      else if (name === 'VCALENDAR') calendars.push(component);
      // A bare VEVENT (exported one event at a time): a calendar of its own.
      else if (name === 'VEVENT' || name === 'VTIMEZONE') calendars.push({ name: 'VCALENDAR', line, props: [], children: [component] });
      else continue;
      stack.push(component);
    } else if (prop?.name === 'END') {
      const name = prop.value.trim().toUpperCase();
      const at = stack.findLastIndex((c) => c.name === name);
      if (at >= 0) stack.length = at;
    } else if (stack.length > 0) {
      const open = stack.at(-1)!;
      if (prop) open.props.push(prop);
      else open.unreadableLine ??= line;
    }
  }
  return calendars;
}

/** A TEXT value as written (RFC 5545 3.3.11): \n, \, \; and \\ unescaped. */
export const textValue = (value: string) => value.replace(/\\([nN,;\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

export const first = (c: Component, name: string) => c.props.find((p) => p.name === name);
export const all = (c: Component, name: string) => c.props.filter((p) => p.name === name);
