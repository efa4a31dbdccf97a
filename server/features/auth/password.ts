import argon2 from 'argon2';

export interface PasswordHasher {
  hash(plain: string): Promise<string>;
  verify(hash: string, plain: string): Promise<boolean>;
  /** A hash of a random secret, verified when the e-mail is unknown so timing doesn't reveal accounts. */
  dummyHash: Promise<string>;
}

export function createPasswordHasher(opts: { memoryCost: number; timeCost: number }): PasswordHasher {
  const params = { type: argon2.argon2id, memoryCost: opts.memoryCost, timeCost: opts.timeCost, parallelism: 1 } as const;
  return {
    hash: (plain) => argon2.hash(plain, params),
    verify: async (hash, plain) => {
      try {
        return await argon2.verify(hash, plain);
      } catch {
        return false;
      }
    },
    dummyHash: argon2.hash(`dummy-${Math.random()}`, params),
  };
}
