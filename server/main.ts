// The server's entry. The Node version is checked first (node-version.ts), and only then is the rest
// imported: in the build's bundle a static import of a package (argon2, sharp: native modules that
// crash an older Node) would be evaluated before this module's own first line.
import './node-version.ts';

await import('./run-server.ts');
