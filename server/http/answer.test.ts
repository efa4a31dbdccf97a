// The routes answer through answer() and sendPage(), which the compiler holds to the contract
// (answer.ts). What the compiler cannot see is read here from the source: that the entry a route
// names is the route it is in, and that a body set raw says why.
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const routeFiles = globSync('server/features/**/*.routes.ts', { cwd: root }).sort();

describe('route answers', () => {
  it('are found', () => {
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it.each(routeFiles)('%s names only entries of its own routes', (file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    const routes = new Set(
      [...source.matchAll(/router\.(get|post|put|delete)\(\s*(['`])([^'`]+)\2/g)].map((m) => `${m[1]!.toUpperCase()} ${m[3]}`),
    );
    const named = [...source.matchAll(/\b(?:answer|sendPage)\(\s*ctx,\s*(['`])([^'`]+)\1/g)].map((m) => m[2]!);
    for (const entry of named) expect(routes, `${file} answers as ${entry}`).toContain(entry);
  });

  it.each(routeFiles)('%s sets a raw body only with a comment that says why', (file) => {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (/\bctx\.body\s*=[^=]/.test(line)) expect(lines[i - 1], `${file}:${i + 1}`).toMatch(/^\s*\/\/ Raw: /);
    });
  });
});
