/** The profile fields that place a user in a group. */
export interface GroupFields {
  airline: string | null;
  base: string | null;
  position: string | null;
  aircraftType: string | null;
}

/**
 * The group that scopes the tradeboard, matching, crew and chat (docs/ARCHITECTURE.md section 3): null
 * until the profile names all four parts.
 */
export function groupKeyOf(u: GroupFields): string | null {
  if (!u.airline || !u.base || !u.position || !u.aircraftType) return null;
  return `${u.airline}|${u.base}|${u.position}|${u.aircraftType}`;
}

/** The parts of a group key (groupKeyOf's inverse): a request's group as it was when posted. */
export function groupFieldsOf(groupKey: string): GroupFields {
  const [airline = null, base = null, position = null, aircraftType = null] = groupKey.split('|');
  return { airline, base, position, aircraftType };
}
