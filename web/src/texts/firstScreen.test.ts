// The signed-in first screens load only the texts they show (docs/decisions/0039-first-screen-texts.md):
// no module they load imports a whole catalogue (MSG, the protocol index that re-exports it, or the
// schemas, which check texts of every area), and the text modules they reach are the few listed here. A new import that pulls in another
// area fails here, instead of silently adding its texts to every first screen; if a first screen
// really shows a text of another area, move the text or add the area below, knowing its cost.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** What a signed-in first screen loads before anything is clicked: the app's start (router, landing,
 * offline line...), the shell, and the two screens (web/build/first-screen-chunks.ts). */
const FIRST_SCREENS = ['web/src/app/start.tsx', 'web/src/app/AppShell.tsx', 'web/src/pages/Dashboard.tsx', 'web/src/pages/Tradeboard.tsx'];
/** The whole catalogues: importing one puts every text of the app on the first screen. */
const WHOLE = [/^protocol\/messages\.ts$/, /^protocol\/index\.ts$/, /^protocol\/schemas\//, /^web\/src\/texts\.ts$/];
/** The text modules the first screens show texts of. */
const ALLOWED_TEXTS = [
  'protocol/messages/board.ts',
  'protocol/messages/common.ts',
  'protocol/messages/messaging.ts',
  'protocol/messages/uploads.ts',
  'web/src/texts/chat.ts',
  'web/src/texts/common.ts',
  'web/src/texts/dashboard.ts',
  'web/src/texts/public.ts',
  'web/src/texts/requests.ts',
  'web/src/texts/shell.ts',
];
const isTextModule = (file: string) => /^(protocol\/messages\/|web\/src\/texts\/)/.test(file);

/** The modules a file imports for their values: no `import type`, no dynamic `import()`, no packages. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(resolve(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)
          : false);
      if (!typeOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const name = specifier.text;
    if (name.startsWith('#protocol/')) found.push(`protocol/${name.slice('#protocol/'.length)}`);
    else if (name.startsWith('.')) found.push(relative(ROOT, resolve(ROOT, dirname(file), name)));
  }
  return found.filter((f) => /\.tsx?$/.test(f));
}

/** Every module the first screens load statically, with the module that first imported it. */
function firstScreenModules(): Map<string, string> {
  const importer = new Map<string, string>(FIRST_SCREENS.map((f) => [f, '(first screen)']));
  const todo = [...FIRST_SCREENS];
  while (todo.length > 0) {
    const file = todo.pop()!;
    for (const dep of valueImports(file)) {
      if (importer.has(dep)) continue;
      importer.set(dep, file);
      todo.push(dep);
    }
  }
  return importer;
}

describe('the signed-in first screens’ texts', () => {
  const modules = firstScreenModules();

  it('reach the screens (the walk follows the imports)', () => {
    expect(modules.has('web/src/app/RoutedApp.tsx')).toBe(true);
    expect(modules.has('web/src/components/BaseChatCard.tsx')).toBe(true);
  });

  it('import no whole catalogue', () => {
    const whole = [...modules].filter(([file]) => WHOLE.some((re) => re.test(file))).map(([file, by]) => `${file} (imported by ${by})`);
    expect(whole).toEqual([]);
  });

  it('import only the text modules of the texts they show', () => {
    const texts = [...modules].filter(([file]) => isTextModule(file));
    const extra = texts.filter(([file]) => !ALLOWED_TEXTS.includes(file)).map(([file, by]) => `${file} (imported by ${by})`);
    expect(extra).toEqual([]);
  });
});
