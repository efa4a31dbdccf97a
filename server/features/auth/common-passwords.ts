import { PASSWORD_MIN } from '#protocol/limits.ts';

/**
 * The ~49k most common passwords of zxcvbn-ts's list (leaked-password corpora), compared in lower
 * case: "Password123" is as guessable as "password123". Only entries long enough to pass the
 * length rule matter.
 *
 * Loaded on the first password checked, not at start: the list's module text and the words it
 * unpacks are a few MB that an instance which never sees a sign-up or a reset need not hold
 * (docs/decisions/0034).
 */
let common: Promise<Set<string>> | undefined;

function loadCommon(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN)),
    (err: unknown) => {
      // A failed load is tried again on the next check, not remembered.
      common = undefined;
      throw err;
    },
  );
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommon()).has(password.toLowerCase());
}
