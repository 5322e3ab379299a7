// `npm run bench`: runs every benchmark script under apps/server/bench (control-plane.bench.ts prints the one
// table of issue 20). With PostgreSQL binaries installed, the run happens under scripts/with-postgres.sh so the
// table also has the PostgreSQL figures. Numbers come from here, never from timed assertions in tests.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'apps', 'server', 'bench');
const scripts = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.bench.ts'))
      .sort()
  : [];
if (scripts.length === 0) {
  console.log('no benchmarks yet');
  process.exit(0);
}
const hasPostgres = fs.existsSync('/usr/lib/postgresql') && !process.env.DATABASE_URL;
let failures = 0;
for (const script of scripts) {
  console.log(`\n# ${script}`);
  const command = [
    process.execPath,
    path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
    path.join(dir, script),
  ];
  const [bin, ...args] = hasPostgres
    ? ['bash', path.join(root, 'scripts', 'with-postgres.sh'), ...command]
    : command;
  const result = spawnSync(bin, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failures += 1;
}
process.exit(failures === 0 ? 0 : 1);
