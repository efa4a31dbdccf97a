// Imported first by main.ts, so it runs before any native module (argon2, sharp) is loaded: on an
// older Node those are built for another ABI and die with a segmentation fault and no message.
// package.json's engines and the `node` devDependency (Node 24, what npm scripts run) say the same.
/** package.json's engines: ">=24.11". */
export const REQUIRED_NODE = [24, 11] as const;

/** The refusal for a Node older than the project's, or null when this one will do. */
export function oldNodeMessage(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major > REQUIRED_NODE[0] || (major === REQUIRED_NODE[0] && minor >= REQUIRED_NODE[1])) return null;
  return (
    `Crewtrade needs Node.js ${REQUIRED_NODE.join('.')} or later; this is ${version}.\n` +
    'Start it with `npm start` (npm scripts run the project’s own Node 24 from node_modules/.bin), ' +
    'or run node_modules/.bin/node directly.\n'
  );
}

const refusal = oldNodeMessage(process.version);
if (refusal) {
  process.stderr.write(refusal);
  process.exit(1);
}
