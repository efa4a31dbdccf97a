// Groups the modules of the signed-in first screens into one chunk per screen instead of one small
// chunk per shared module: the app shell, the dashboard (/), the tradeboard (/all-trades), and what the
// two screens share. About forty chunks of 0.2 to 3 KB compressed one by one lose what gzip gains across
// them (docs/decisions/0036-light-signed-in-first-screen.md). A module the signed-out pages or the
// app's start reach is never grouped (but for the first screens' message areas, below): the landing
// page, sign-in and sign-up load what they did. A module reached by no first screen is left to the
// bundler's own splitting.
import { fileURLToPath } from 'node:url';

/** What rolldown's chunking passes a group's name function (a subset of its ModuleInfo). */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const src = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/** Entries and screens whose modules stay out of every group (they load without the signed-in app). */
const UNGROUPED_ROOTS = [
  'landing.ts',
  'authEntry.ts',
  'app/start.tsx',
  'pages/Login.tsx',
  'pages/Signup.tsx',
  'pages/ForgotPassword.tsx',
  'pages/ResetPassword.tsx',
].map(src);
const START = src('app/start.tsx');
const SHELL = src('app/AppShell.tsx');
/** The folder of the shared messages' areas (MSG's parts). */
const MESSAGES = fileURLToPath(new URL('../../protocol/messages', import.meta.url));
const SCREENS = { Dashboard: src('pages/Dashboard.tsx'), Tradeboard: src('pages/Tradeboard.tsx') };

/** Every module `root` imports, directly or not, without the dynamic imports. */
function staticClosure(ctx: ChunkingContext, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length > 0) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The name function of a rolldown chunk group: one build's closures, computed on its first call. */
export function firstScreenChunks(): (id: string, ctx: ChunkingContext) => string | null {
  let groupOf: Map<string, string> | null = null;
  return (id, ctx) => {
    if (!groupOf) {
      groupOf = new Map();
      const ungrouped = staticClosure(ctx, UNGROUPED_ROOTS);
      const shell = staticClosure(ctx, [SHELL]);
      const dashboard = staticClosure(ctx, [SCREENS.Dashboard]);
      const tradeboard = staticClosure(ctx, [SCREENS.Tradeboard]);
      for (const m of new Set([...shell, ...dashboard, ...tradeboard])) {
        if (ungrouped.has(m)) continue;
        if (shell.has(m)) groupOf.set(m, 'AppShell');
        else if (dashboard.has(m) && tradeboard.has(m)) groupOf.set(m, 'screens');
        else groupOf.set(m, dashboard.has(m) ? 'Dashboard' : 'Tradeboard');
      }
      // The message areas a signed-in first screen shows (its start, shell or screens import them),
      // in one chunk: the sign-in pages reach some of them too, so left to the bundler they came as
      // one small chunk an area (docs/decisions/0039-first-screen-texts.md).
      for (const m of [...staticClosure(ctx, [START]), ...shell, ...dashboard, ...tradeboard])
        if (m.startsWith(`${MESSAGES}/`)) groupOf.set(m, 'screenMessages');
    }
    return groupOf.get(id) ?? null;
  };
}
