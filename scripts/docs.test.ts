// Docs that stay true (issue 41, part 6): docs/layout.md names every folder a reader looks for, and
// every decision record says when it was taken and whether it still holds. A folder added, a store
// added, a path moved away or a record written without its line fails here, in the same change.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const layout = fs.readFileSync(path.join(root, 'docs/layout.md'), 'utf8');
const decisionsDir = path.join(root, 'docs/decisions');

/** The folders directly under `dir` (relative to the root), as `dir/name/`. */
function foldersOf(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${dir}/${e.name}/`)
    .sort();
}

/** The record's line right under its title. */
const STATUS_LINE = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted|superseded by (\d{4})|amended by (\d{4}(?:, \d{4})*))$/;

describe('docs/layout.md', () => {
  it.each([['server'], ['server/features'], ['web/src']])('names every folder under %s/', (dir) => {
    const missing = foldersOf(dir).filter((folder) => !layout.includes(`\`${folder}\``));
    expect(missing, `add a line for each to docs/layout.md`).toEqual([]);
  });

  it('names every store in web/src/stores/', () => {
    const stores = fs
      .readdirSync(path.join(root, 'web/src/stores'))
      .filter((f) => /^use\w+Store\.ts$/.test(f))
      .map((f) => f.slice(0, -'.ts'.length));
    expect(stores.length).toBeGreaterThan(0);
    const missing = stores.filter((store) => !layout.includes(`\`${store}\``));
    expect(missing, 'add each to the stores in docs/layout.md, with a few words').toEqual([]);
  });

  it('names no path that is gone', () => {
    const named = [...layout.matchAll(/`((?:server|web|protocol|scripts|docs|deploy)\/[^`\s]*)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(40);
    const gone = [...new Set(named)].filter((p) => !fs.existsSync(path.join(root, p)));
    expect(gone, 'moved or removed: docs/layout.md still names them').toEqual([]);
  });
});

describe('docs/decisions/', () => {
  const records = fs
    .readdirSync(decisionsDir)
    .filter((f) => f.endsWith('.md'))
    .sort();
  const numbers = new Set(records.map((f) => f.slice(0, 4)));

  it('holds numbered records', () => {
    expect(records.length).toBeGreaterThan(0);
    for (const f of records) expect(f, 'NNNN-words.md').toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
  });

  it.each(records)('%s: its title, then "Date: YYYY-MM-DD · Status: ..." naming records that exist', (file) => {
    const [title, line = ''] = fs.readFileSync(path.join(decisionsDir, file), 'utf8').split('\n');
    const number = file.slice(0, 4);
    expect(title, 'the first line is the title, with the record number').toMatch(new RegExp(`^# ${number}\\b`));
    const m = STATUS_LINE.exec(line);
    expect(
      m,
      `right under the title: "Date: <first commit's date> · Status: accepted" (or "superseded by NNNN", "amended by NNNN, NNNN")`,
    ).not.toBeNull();
    const [, date, , supersededBy, amendedBy] = m!;
    const day = new Date(`${date}T00:00:00Z`);
    expect(Number.isNaN(day.getTime()) ? '' : day.toISOString().slice(0, 10), 'a real calendar day').toBe(date);
    const later = supersededBy ? [supersededBy] : amendedBy ? amendedBy.split(', ') : [];
    for (const n of later) {
      expect(numbers.has(n), `record ${n}, named by ${file}, is in docs/decisions/`).toBe(true);
      expect(Number(n), `${file} is superseded or amended by a later record`).toBeGreaterThan(Number(number));
    }
  });
});
