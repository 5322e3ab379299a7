// Imported first by every script npm runs, before anything that could crash: on an older Node.js the native
// modules die with a segfault and no message. The version matches package.json `engines` and .nvmrc.
import path from 'node:path';

const REQUIRED_NODE_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_NODE_MAJOR) {
  const program = path.basename(process.argv[1] ?? 'meshdeck');
  console.error(
    `${program}: needs Node.js ${REQUIRED_NODE_MAJOR} or newer, this is ${process.version} (npm scripts use the pinned one; or run \`nvm use\`)`,
  );
  process.exit(1);
}
