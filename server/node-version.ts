// Imported first by main.ts, so it runs before any native module (argon2, sharp) is loaded: on an
// older Node those are built for another ABI and die with a segmentation fault and no message.
// package.json's engines and the `node` devDependency (Node 24, what npm scripts run) say the same.
export const REQUIRED_NODE_MAJOR = 24;

/** The refusal for a Node older than the project's, or null when this one will do. */
export function oldNodeMessage(version: string): string | null {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `Crewtrade needs Node.js ${REQUIRED_NODE_MAJOR} or later; this is ${version}.\n` +
    'Start it with `npm start` (npm scripts run the project’s own Node 24 from node_modules/.bin), ' +
    'or run node_modules/.bin/node directly.\n'
  );
}

const refusal = oldNodeMessage(process.version);
if (refusal) {
  process.stderr.write(refusal);
  process.exit(1);
}
