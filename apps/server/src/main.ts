// The server's entry point. Only the Node.js check runs before the version is known to be supported: on an older
// Node the native modules (better-sqlite3, argon2) crash the process with a segfault and no message, so the rest
// of the server is loaded afterwards, by a dynamic import.
import { exitUnlessSupportedNode } from './startup/node-version.ts';

exitUnlessSupportedNode('meshdeck');
const { runServer } = await import('./startup/run.ts');
await runServer();
