/** The Node.js major version the server and its tools need; package.json `engines` and .nvmrc say the same. */
export const REQUIRED_NODE_MAJOR = 24;

/** Prints one line and exits with status 1 when this Node.js is older than REQUIRED_NODE_MAJOR. */
export function exitUnlessSupportedNode(program: string): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return;
  console.error(
    `${program}: needs Node.js ${REQUIRED_NODE_MAJOR} or newer, this is ${process.version} (npm scripts use the pinned one; or run \`nvm use\`)`,
  );
  process.exit(1);
}
