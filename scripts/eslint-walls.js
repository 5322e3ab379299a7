// Import walls ESLint has no rule for (CONVENTIONS.md §2 "Layering"), in one small local plugin:
// - no-cycle: no file imports itself back through a chain of value imports (type-only imports are erased).
// - module-boundaries: every file of the server (in a module or not: db, auth, broker, plugins, startup) reaches
//   a module only through its `<module>.public.ts`; only the composition roots (app.ts, command-line tools
//   `*-cli.ts` outside modules) import a module's entry (`<module>.module.ts`).
// - no-cross-package-relative: a relative import never leaves its workspace package (import it by name).
// The import graph is read as text from disk once per lint run and shared by every file, which keeps the cycle
// check to a few milliseconds per file on the whole tree (eslint-plugin-import-x parses each dependency again).
import fs from 'node:fs';
import path from 'node:path';

// The repository root; rules take another as an option (`{ root }`), which the walls' own test uses on fixtures.
const repoRoot = path.dirname(import.meta.dirname);
const rootOption = [
  { type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false },
];
const rootOf = (context) => context.options[0]?.root ?? repoRoot;
const layout = (root) => ({
  webSrc: path.join(root, 'apps', 'web', 'src'),
  modulesDir: path.join(root, 'apps', 'server', 'src', 'modules'),
  serverApp: path.join(root, 'apps', 'server', 'src', 'app.ts'),
  packageRoots: ['apps/web', 'apps/server', 'packages/contracts', 'packages/agent'].map((p) =>
    path.join(root, p),
  ),
});

// `import x from '...'`, `import '...'`, `export ... from '...'`, `import('...')`; group 1 marks `type`.
const STATIC =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:([\w*{}\s,$]+?)\s+from\s+)?['"]([^'"\n]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** True when every name in `{ type A, type B }` is a type: TypeScript erases such an import. */
const onlyTypes = (clause) => {
  const names = /\{([^}]*)\}/.exec(clause ?? '');
  if (!names || /^[\s\w$]+,/.test(clause)) return false;
  const items = names[1].split(',').filter((item) => item.trim());
  return items.length > 0 && items.every((item) => /^\s*type\s/.test(item));
};

const resolved = new Map();
/** The file an import names, or undefined for a package or a file that is not there. */
export function resolveImport(from, specifier, root = repoRoot) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(layout(root).webSrc, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  if (resolved.has(base)) return resolved.get(base);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  const file = candidates.find((candidate) => /\.(tsx?|m?js)$/.test(candidate) && fs.existsSync(candidate));
  resolved.set(base, file);
  return file;
}

const edges = new Map();
/** The files `file` imports at run time (value imports, re-exports and dynamic imports). */
function valueImports(file, root) {
  let out = edges.get(file);
  if (out) return out;
  out = new Set();
  edges.set(file, out);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  for (const match of text.matchAll(STATIC)) {
    if (match[1] || onlyTypes(match[2])) continue;
    const target = resolveImport(file, match[3], root);
    if (target) out.add(target);
  }
  for (const match of text.matchAll(DYNAMIC)) {
    const target = resolveImport(file, match[1], root);
    if (target) out.add(target);
  }
  return out;
}

/** A chain of value imports from `start` back to `goal`, or undefined (breadth first: the shortest). */
function pathBack(start, goal, root) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const chain = [];
      for (let at = file; at !== undefined; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of valueImports(file, root)) {
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

const relTo = (root) => (file) => path.relative(root, file);

/** Calls `check(node, specifier, isTypeOnly)` for every import-like node of a file. */
function eachImport(check) {
  const fromSource = (node) => {
    if (node.source && typeof node.source.value === 'string') {
      const isTypeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.specifiers?.length > 0 &&
          node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
      check(node, node.source.value, isTypeOnly);
    }
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression(node) {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string')
        check(node, node.source.value, false);
    },
  };
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles (type-only imports excepted).' },
    schema: rootOption,
    messages: { cycle: 'Import cycle: {{chain}}. Move what both files need into a third file.' },
  },
  create(context) {
    const file = context.filename;
    const root = rootOf(context);
    const rel = relTo(root);
    return eachImport((node, specifier, isTypeOnly) => {
      if (isTypeOnly) return;
      const target = resolveImport(file, specifier, root);
      if (!target) return;
      const chain = pathBack(target, file, root);
      if (chain)
        context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain].map(rel).join(' -> ') } });
    });
  },
};

/** `{ module, file }` for a file under apps/server/src/modules/<module>/, else undefined. */
const moduleOf = (modulesDir, file) => {
  const inside = path.relative(modulesDir, file);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
  const [module, ...rest] = inside.split(path.sep);
  return rest.length === 0 ? undefined : { module, file: rest.join('/') };
};

const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A server module imports another only through its public file; only app.ts imports a module's entry.",
    },
    schema: rootOption,
    messages: {
      internal:
        "'{{target}}' belongs to the {{other}} module: import what it offers from {{other}}/{{other}}.public.ts (a service interface, an event or a pure rule), or receive it in your module's deps.",
      entry:
        "Only app.ts (and command-line tools, *-cli.ts) import a module's entry ({{target}}); other modules receive what they need in their deps.",
    },
  },
  create(context) {
    const file = context.filename;
    const root = rootOf(context);
    const { modulesDir, serverApp } = layout(root);
    const rel = relTo(root);
    const own = moduleOf(modulesDir, file);
    // The composition roots: app.ts, and the command-line tools that open the database themselves (*-cli.ts).
    const isRoot = file === serverApp || (!own && file.endsWith('-cli.ts'));
    return eachImport((node, specifier) => {
      const target = resolveImport(file, specifier, root);
      const theirs = target && moduleOf(modulesDir, target);
      if (!theirs) return;
      if (theirs.file === `${theirs.module}.module.ts` && !isRoot && own?.module !== theirs.module) {
        context.report({ node, messageId: 'entry', data: { target: rel(target) } });
        return;
      }
      if (own?.module === theirs.module) return;
      // Composition roots import module entries; every other file outside the module, inside modules/ or not
      // (db, auth, broker, plugins, startup), only its public file.
      if (isRoot && theirs.file === `${theirs.module}.module.ts`) return;
      if (theirs.file !== `${theirs.module}.public.ts`)
        context.report({ node, messageId: 'internal', data: { target: rel(target), other: theirs.module } });
    });
  },
};

const packageOf = (packageRoots, file) =>
  packageRoots.find((dir) => file === dir || file.startsWith(dir + path.sep));

const noCrossPackageRelative = {
  meta: {
    type: 'problem',
    docs: { description: 'A relative import stays inside its workspace package.' },
    schema: rootOption,
    messages: {
      crossPackage:
        "'{{specifier}}' leaves {{from}} for {{to}}: import another package by its name (and export what it needs), never by a relative path.",
    },
  },
  create(context) {
    const file = context.filename;
    const root = rootOf(context);
    const { packageRoots } = layout(root);
    const rel = relTo(root);
    const from = packageOf(packageRoots, file);
    return eachImport((node, specifier) => {
      if (!from || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      if (packageOf(packageRoots, target) !== from)
        context.report({
          node,
          messageId: 'crossPackage',
          data: {
            specifier,
            from: rel(from),
            to: rel(packageOf(packageRoots, target) ?? path.dirname(target)),
          },
        });
    });
  },
};

export default {
  meta: { name: 'meshdeck-walls' },
  rules: {
    'no-cycle': noCycle,
    'module-boundaries': moduleBoundaries,
    'no-cross-package-relative': noCrossPackageRelative,
  },
};
