import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '#protocol/limits.ts';

/**
 * The ~49k most common passwords of zxcvbn-ts's list (leaked-password corpora), compared in lower
 * case: "Password123" is as guessable as "password123". Only entries long enough to pass the
 * length rule matter.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN));
  return common.has(password.toLowerCase());
}
