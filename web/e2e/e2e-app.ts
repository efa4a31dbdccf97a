import { existsSync } from 'node:fs';
import { WEB_ROOT } from '../../server/runtime-paths.ts';
import { startTestApp, type TestApp } from '../../server/test/test-app.ts';

/** The built app (npm test runs the build first) on a random port with a fresh database. */
export async function startE2eApp(env: Record<string, string> = {}): Promise<TestApp> {
  if (!existsSync(`${WEB_ROOT}/index.html`)) throw new Error('The web app is not built: run "npm run build" first (npm test does).');
  return startTestApp(env);
}
