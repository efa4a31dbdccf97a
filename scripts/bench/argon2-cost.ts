import argon2 from 'argon2';
import { loadConfig } from '../../server/config.ts';

/** Sign-in is argon2-bound: the cost of one hash with the production parameters. */
export async function measureArgon2(samples = 10): Promise<{ params: string; msPerHash: number; hashesPerSecondPerCore: number }> {
  const { argon2: p } = loadConfig({});
  const opts = { type: argon2.argon2id, memoryCost: p.memoryCost, timeCost: p.timeCost, parallelism: 1 } as const;
  await argon2.hash('warm-up', opts);
  const start = performance.now();
  for (let i = 0; i < samples; i++) await argon2.hash(`password-${i}`, opts);
  const ms = (performance.now() - start) / samples;
  return {
    params: `argon2id m=${p.memoryCost} KiB, t=${p.timeCost}, p=1`,
    msPerHash: Math.round(ms * 10) / 10,
    hashesPerSecondPerCore: Math.round(1000 / ms),
  };
}
