// `npm run dev`: the server with reload (port 8080) and the Vite dev server (port 5173, proxying /api to 8080).
import './check-node.mjs';
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@meshdeck/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@meshdeck/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
