// How a form field names its hint and its message, for the input's aria-describedby: written once
// for the React fields (components/Field.tsx) and the prerendered sign-in pages' script
// (src/authEntry.ts), which shows messages in the same markup without React.
export const hintIdOf = (inputId: string) => `${inputId}-hint`;
export const errorIdOf = (inputId: string) => `${inputId}-error`;

/** The input's description: its hint, then its message; none when it has neither. */
export function describedBy(inputId: string, hasError: boolean, hasHint: boolean): string | undefined {
  const ids = [hasHint ? hintIdOf(inputId) : '', hasError ? errorIdOf(inputId) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
