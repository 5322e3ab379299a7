#!/usr/bin/env node
// Entry point of the meshdeck-agent command: loads the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
