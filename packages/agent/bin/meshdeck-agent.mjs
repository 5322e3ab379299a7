#!/usr/bin/env node
// Entry point of the meshdeck-agent command in this repository: loads the TypeScript sources through tsx.
// Hosts run the bundle (dist/meshdeck-agent.mjs) instead. The version check comes before any import, so an
// older Node.js gets one line saying what is needed (this repository's tools need Node.js 24, like .nvmrc).
const REQUIRED_NODE_MAJOR = 24;
if (Number(process.versions.node.split('.')[0]) < REQUIRED_NODE_MAJOR) {
  console.error(
    `meshdeck-agent: needs Node.js ${REQUIRED_NODE_MAJOR} or newer, this is ${process.version} (or run the bundle, dist/meshdeck-agent.mjs, which needs Node.js 18)`,
  );
  process.exit(1);
}
const { register } = await import('tsx/esm/api');
register();
await import('../src/cli.ts');
