// The layers of app/ and what each may import (docs/decisions/011), checked on the RESOLVED path of every import:
// `~/db/schema` and `../../db/schema` are the same module and meet the same rule. Used by the lint (eslint.config.js,
// rule `layers/imports`) and by `npm run shape` (scripts/shape.ts), so both count the same thing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'app');

/**
 * The layer table: each layer of app/ and the layers it may import. A folder of app/ is a layer; so are the root files
 * (root.tsx, entry.client/server.tsx, config.server.ts, messages.ts). `remix` stands for @remix-run/*; the database
 * packages (drizzle-orm, pg, PGlite) count as `db`.
 *
 * - routes: the pages and the API; call services, never the database.
 * - components: the pages' React parts, shared with the browser: no server module of any layer.
 * - web: the HTTP glue (guards, sessions, form and API protocols) between routes and services.
 * - services: the rules with the database; plain values in and out, no HTTP.
 * - auth: passwords, tokens, rate limits, account schemas.
 * - db: the client, the schema, SQL helpers.
 * - seed: the demo data (the experience environment and the test template); only an entry point starts it.
 * - domain: rules and words without a database, shared with the browser.
 * - lib: what any layer may use (numbers, dates, errors, logging).
 * - content, messages, config: texts and settings; they import nothing of the app (config: the domain's types).
 */
export const LAYERS = {
  entry: [
    'entry',
    'root',
    'components',
    'web',
    'services',
    'auth',
    'db',
    'seed',
    'domain',
    'lib',
    'content',
    'messages',
    'config',
    'remix',
  ],
  root: ['root', 'components', 'web', 'services', 'auth', 'domain', 'lib', 'content', 'messages', 'config', 'styles', 'remix'],
  routes: ['routes', 'root', 'components', 'web', 'services', 'auth', 'domain', 'lib', 'content', 'messages', 'config', 'styles', 'remix'],
  components: ['components', 'domain', 'lib', 'content', 'messages', 'remix'],
  web: ['web', 'services', 'auth', 'domain', 'lib', 'content', 'messages', 'config', 'remix'],
  services: ['services', 'db', 'auth', 'domain', 'lib', 'content', 'messages', 'config'],
  seed: ['seed', 'services', 'auth', 'db', 'domain', 'lib', 'content', 'messages', 'config'],
  auth: ['auth', 'db', 'domain', 'lib', 'messages', 'config'],
  db: ['db', 'domain', 'lib', 'config'],
  domain: ['domain', 'lib', 'content', 'messages'],
  lib: ['lib', 'messages', 'config'],
  content: ['content', 'messages'],
  messages: ['messages'],
  config: ['config', 'domain'],
  styles: ['styles'],
};

/** Layers whose modules (but their own `.server` files) reach the browser: they may not import a `.server` module. */
export const BROWSER_LAYERS = new Set(['components', 'domain', 'lib', 'content', 'messages']);

/** Packages that belong to a layer: only the layers that may import it may import them. */
const PACKAGE_LAYERS = [
  { pattern: /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/, layer: 'db' },
  { pattern: /^@remix-run\//, layer: 'remix' },
];

const ROOT_FILES = { root: 'root', 'entry.client': 'entry', 'entry.server': 'entry', 'config.server': 'config', messages: 'messages' };

/** The layer of a file of app/ (absolute path), or null outside app/. */
export function layerOf(file) {
  const rel = path.relative(APP_DIR, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts.length === 1) {
    const base = parts[0].replace(/\.(tsx?|jsx?|mjs)$/, '');
    return ROOT_FILES[base] ?? 'root-file';
  }
  return parts[0];
}

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];

/** The file an import names, as the bundler finds it (extension or index added); the bare path when there is none. */
function findFile(target) {
  const candidates = [target, ...EXTENSIONS.map((e) => target + e), ...EXTENSIONS.map((e) => path.join(target, 'index' + e))];
  for (const c of candidates) {
    try {
      if (fs.statSync(c).isFile()) return c;
    } catch {
      // next
    }
  }
  return target;
}

const resolved = new Map();

/**
 * What an import of `spec` from `fromFile` names: `{ file }` (absolute, inside or outside app/) for `~/…` and relative
 * paths, `{ pkg }` for a package, or null for node: built-ins.
 */
export function resolveImport(fromFile, spec) {
  const bare = spec.replace(/\?.*$/, '');
  if (bare.startsWith('node:')) return null;
  let target;
  if (bare.startsWith('~/')) target = path.join(APP_DIR, bare.slice(2));
  else if (bare.startsWith('./') || bare.startsWith('../') || bare === '.' || bare === '..')
    target = path.resolve(path.dirname(fromFile), bare);
  else return { pkg: bare };
  let file = resolved.get(target);
  if (file === undefined) {
    file = findFile(target);
    resolved.set(target, file);
  }
  return { file };
}

/** A `.server` module (file or folder): the browser's build leaves it empty. */
const isServerModule = (file) => file.split(path.sep).some((part) => /\.server(\.[a-z]+)?$/.test(part));

/**
 * Whether importing `spec` from `fromFile` breaks the layer table: null when allowed, else
 * `{ kind: 'layer' | 'server', from, to, spec }`. Files outside app/ and imports of modules outside app/ (server/*.mjs)
 * are not checked.
 */
export function importViolation(fromFile, spec) {
  const from = layerOf(fromFile);
  if (!from) return null;
  const target = resolveImport(fromFile, spec);
  if (!target) return null;
  const allowed = LAYERS[from] ?? [];
  if (target.pkg) {
    const owner = PACKAGE_LAYERS.find((p) => p.pattern.test(target.pkg));
    if (owner && !allowed.includes(owner.layer))
      return { kind: 'layer', from, to: `${owner.layer} (${target.pkg})`, spec, allowed: allowed.join(', ') };
    return null;
  }
  const to = layerOf(target.file);
  if (!to) return null;
  const fromServer = /\.server\.[a-z]+$/.test(path.basename(fromFile));
  if (BROWSER_LAYERS.has(from) && !fromServer && isServerModule(path.relative(APP_DIR, target.file))) {
    return { kind: 'server', from, to, spec, allowed: allowed.join(', ') };
  }
  if (!allowed.includes(to)) return { kind: 'layer', from, to, spec, allowed: allowed.join(', ') };
  return null;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer of app/ imports only the layers below it (checked on the resolved path).' },
    schema: [],
    messages: {
      layer: "app/{{from}} may not import {{to}} ('{{spec}}'): it imports only {{allowed}}.",
      server:
        "app/{{from}} reaches the browser: it may not import the server module '{{spec}}' (move what it needs to app/domain or a non-server module).",
    },
  },
  create(context) {
    const file = context.filename;
    if (!layerOf(file)) return {};
    const check = (node) => {
      if (!node || typeof node.value !== 'string') return;
      const v = importViolation(file, node.value);
      if (v) context.report({ node, messageId: v.kind, data: v });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n.source),
      TSImportType: (n) => check(n.source ?? n.argument?.literal),
    };
  },
};

export default { meta: { name: 'layers' }, rules: { imports: importsRule } };
