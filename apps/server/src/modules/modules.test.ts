import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The module shape of modules/README.md, checked on the folders themselves (lint keeps the imports between them).
const modulesDir = import.meta.dirname;
const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const appSource = fs.readFileSync(path.join(modulesDir, '..', 'app.ts'), 'utf8');

describe('server modules (modules/README.md)', () => {
  it('when the tree is read, there are modules to check', () => {
    expect(modules).toEqual(expect.arrayContaining(['server', 'hosts', 'nodes', 'users']));
  });

  it.each(modules)('%s: has one entry, <module>.module.ts, exporting register(app, deps)', (module) => {
    const entry = path.join(modulesDir, module, `${module}.module.ts`);
    expect(fs.existsSync(entry), `${module}/${module}.module.ts is missing`).toBe(true);
    expect(fs.readFileSync(entry, 'utf8')).toMatch(/export (async )?function register\(\s*app\b/);
  });

  it.each(modules)('%s: app.ts registers it through its entry', (module) => {
    expect(appSource).toContain(`'./modules/${module}/${module}.module.ts'`);
  });

  it('app.ts stays a list of modules: under 150 lines', () => {
    expect(appSource.split('\n').length).toBeLessThan(150);
  });
});
