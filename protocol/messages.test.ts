// MSG is the sum of the area files under protocol/messages/ (docs/decisions/0039-first-screen-texts.md):
// every area is in it, and no key is in two areas (a spread would silently keep the later text).
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';

const areas = readdirSync(new URL('./messages/', import.meta.url))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -'.ts'.length));

describe('MSG and its areas', () => {
  it('holds every text of every area, each key in one area only', async () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const area of areas) {
      const mod = (await import(`./messages/${area}.ts`)) as Record<string, Record<string, string>>;
      expect(Object.keys(mod), area).toHaveLength(1);
      for (const [key, text] of Object.entries(Object.values(mod)[0]!)) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${area}`);
        seen.set(key, area);
        expect(MSG[key as keyof typeof MSG], key).toBe(text);
      }
    }
    expect(twice).toEqual([]);
    expect(Object.keys(MSG).sort()).toEqual([...seen.keys()].sort());
  });
});
