// What each roster event is (docs/decisions/0040): a duty (flight, reserve/standby, training/office)
// or time off (a day off, a leave). Only duties conflict with trips, count toward days in a row and
// can be dropped. The words airlines write are recognised here, once for server and web; an admin
// adds an airline's own codes, and a crew member can set one event's kind by hand.

export const DUTY_KINDS = ['flight', 'reserve', 'training', 'off', 'leave'] as const;
export type DutyKind = (typeof DUTY_KINDS)[number];

/** The kinds that are work: the others are time off. */
export const WORKING_KINDS: readonly DutyKind[] = ['flight', 'reserve', 'training'];
export const isWorkingKind = (kind: DutyKind) => WORKING_KINDS.includes(kind);

/** A crew member's word for each kind, on the roster card and in its menu. */
export const DUTY_KIND_LABEL: Record<DutyKind, string> = {
  flight: 'Flight duty',
  reserve: 'Reserve / standby',
  training: 'Training / office',
  off: 'Day off',
  leave: 'Leave',
};

/** An airline's own code for a kind, as an admin enters it (Roster Rules). */
export interface KindPattern {
  pattern: string;
  kind: DutyKind;
}
export const KIND_PATTERN_MAX = 60;
export const KIND_PATTERNS_MAX = 100;

/**
 * What airlines and crew apps write, by kind. Matched case-insensitively as whole words of the
 * title; a code of up to three letters only as the title's first word ("X", "RES 0500"), so that
 * "DO" or "AL" inside a longer title mean nothing. Scripts without spaces (休) match anywhere.
 */
const DEFAULT_WORDS: Record<Exclude<DutyKind, 'flight'>, string[]> = {
  off: [
    'OFF',
    'DAY OFF',
    'DAYOFF',
    'OFF DAY',
    'FREE DAY',
    'FREE',
    'X',
    'DO',
    'RDO',
    'ROFF',
    'REST DAY',
    'ROSTERED OFF',
    'GDO',
    'ADO',
    'FREI',
    'FREIER TAG',
    'LIBRE',
    'DIA LIBRE',
    'DÍA LIBRE',
    'JOUR LIBRE',
    'REPOS',
    'FOLGA',
    'VRIJ',
    'LEDIG',
    'WOLNE',
    'RIPOSO',
    '休',
    '休息',
    '例休',
    '公休',
    '休日',
  ],
  leave: [
    'LVE',
    'LEAVE',
    'VAC',
    'VACATION',
    'HOLIDAY',
    'HOLIDAYS',
    'HOL',
    'ANNUAL LEAVE',
    'AL',
    'SICK',
    'SCK',
    'ILL',
    'ILLNESS',
    'SICK LEAVE',
    'PARENTAL LEAVE',
    'MATERNITY',
    'PATERNITY',
    'UNPAID',
    'UNPAID LEAVE',
    'ABS',
    'ABSENCE',
    'URLAUB',
    'KRANK',
    'CONGÉ',
    'CONGE',
    'CONGÉS',
    'VACACIONES',
    'BAJA',
    'FÉRIAS',
    'FERIAS',
    'FERIE',
    'VAKANTIE',
    'ZIEK',
    '年假',
    '病假',
    '假',
  ],
  reserve: [
    'RES',
    'RSV',
    'RESERVE',
    'SBY',
    'STBY',
    'STANDBY',
    'STAND BY',
    'SB',
    'HSBY',
    'HSB',
    'ASBY',
    'ASB',
    'HOME STANDBY',
    'AIRPORT STANDBY',
    'ON CALL',
    'R1',
    'R2',
    'R3',
    'R4',
    'R5',
    'R6',
    'R7',
    'R8',
    'R9',
    'RSV1',
    'RSV2',
    'BEREITSCHAFT',
    'RESERVA',
    'RÉSERVE',
    'ASTREINTE',
    'SOBREAVISO',
    '待命',
    '备份',
  ],
  training: [
    'SIM',
    'SIMULATOR',
    'TRG',
    'TRAINING',
    'GRD',
    'GROUND',
    'GROUND SCHOOL',
    'GS',
    'CRM',
    'SEP',
    'EP',
    'LPC',
    'OPC',
    'PC',
    'LINE CHECK',
    'LC',
    'RECURRENT',
    'RECURRENT TRAINING',
    'CBT',
    'ELEARNING',
    'E-LEARNING',
    'MEDICAL',
    'MED',
    'OFFICE',
    'OFC',
    'MEETING',
    'MTG',
    'COURSE',
    'CLASS',
    'SCHULUNG',
    'FORMATION',
    'ENTRENAMIENTO',
    'TREINAMENTO',
    '训练',
    '培训',
  ],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A word of a script written without spaces (CJK): matched anywhere in the title. */
const unspaced = (w: string) => /[\u3000-\u9fff\uf900-\ufaff]/u.test(w);
const words = (s: string) => s.toLocaleUpperCase('en').replace(/\s+/g, ' ').trim();

/**
 * The matchers of one list of words: long words anywhere as whole words, short codes as the first
 * word. A matcher is given the title already in words() form (kindReader normalises it once).
 */
function matcherOf(list: readonly string[]): (title: string) => boolean {
  const longWords = list.filter((w) => !unspaced(w) && words(w).length > 3).map(words);
  const anywhere = longWords.map(escape);
  const first = list.filter((w) => !unspaced(w) && words(w).length <= 3).map((w) => escape(words(w)));
  const inside = list.filter(unspaced).map(words);
  // \p{L}\p{N} rather than \b: "Frei" must not match inside "Freiburg", and \b is ASCII-only.
  const edge = '(?<![\\p{L}\\p{N}])';
  const end = '(?![\\p{L}\\p{N}])';
  const anywhereRe = anywhere.length ? new RegExp(`${edge}(?:${anywhere.join('|')})${end}`, 'u') : null;
  // A code ends at a space or punctuation that separates words ("RES 0500", "X (24h)"), not a hyphen ("X-ray").
  const firstRe = first.length ? new RegExp(`^(?:${first.join('|')})(?=$|[\\s(/:,;.])`, 'u') : null;
  // A whole word is first a substring: the plain search spares the regular expression most titles.
  return (t) =>
    (!!anywhereRe && longWords.some((w) => t.includes(w)) && anywhereRe.test(t)) ||
    (!!firstRe && firstRe.test(t)) ||
    inside.some((w) => t.includes(w));
}

const defaultMatchers = (Object.keys(DEFAULT_WORDS) as Exclude<DutyKind, 'flight'>[]).map(
  (kind) => [kind, matcherOf(DEFAULT_WORDS[kind])] as const,
);

/** What the kind of an event is read from. */
export interface KindInput {
  title: string;
  allDay: boolean;
  pairing: string | null;
}

/**
 * How the kind of each event is read, compiled once for a whole roster: the airline's own codes
 * first (an admin's word beats the defaults), then the words airlines write, then the shape: an
 * all-day event without a pairing is time off, anything else a flight duty. Time off is tried
 * before reserve and training, so "Free day (no standby)" stays a day off.
 */
export function kindReader(airlinePatterns: readonly KindPattern[] = []): (event: KindInput) => DutyKind {
  const airline = airlinePatterns.map((p) => [p.kind, matcherOf([p.pattern])] as const);
  return (event) => {
    const title = words(event.title);
    for (const [kind, matches] of airline) if (matches(title)) return kind;
    for (const [kind, matches] of defaultMatchers) if (matches(title)) return kind;
    if (event.allDay && !event.pairing) return 'off';
    return 'flight';
  };
}
