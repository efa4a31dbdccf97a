/**
 * A PostgreSQL array literal for a raw query parameter: the raw `execute` expands JS arrays into
 * lists of placeholders, so arrays travel as one quoted literal and are cast in SQL (`?::text[]`).
 */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
