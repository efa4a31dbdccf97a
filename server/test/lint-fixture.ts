import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
// The project's own config, less type information: the fixtures are not on disk, and the import
// rules need none.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

/**
 * The messages one rule (and any parse failure) gives `source` linted in memory as if it were the
 * file `file` (relative to the root): how the import boundaries are shown to fail.
 */
export async function lintMessages(file: string, source: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === ruleId || m.fatal).map((m) => m.message);
}
