// What a build is made from, as one content hash: every file under app/ and public/ (but public/build, its output),
// the lockfile and package.json, the compiler's and the build's configuration and the build scripts themselves, and
// NODE_ENV. scripts/build.mjs writes the hash beside the build when it succeeds; `npm start` (scripts/start.mjs) builds
// again only when the hash of the tree differs (docs/decisions/035-lean-install-and-start.md). Content, not
// timestamps: a fresh clone, a `git checkout` of the same tree or a touched file do not count as changes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
/** Folders whose every file is an input. */
const TREES = ['app', 'public'];
/** Single files that are inputs. */
const FILES = [
  'package.json',
  'package-lock.json',
  'remix.config.js',
  'remix.env.d.ts',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/lib/build-inputs.mjs',
  'scripts/lib/client-chunks.mjs',
  'scripts/lib/compress-build.mjs',
  'scripts/lib/minify-pool.mjs',
  'scripts/lib/rebundle-client.mjs',
  'scripts/lib/split-css.mjs',
];
/** Outputs and caches inside the trees above. */
const SKIP = new Set([path.join('public', 'build')]);

/** The stamp the last successful build left: build/build-inputs.json. */
export const stampFile = (root = ROOT) => path.join(root, 'build', 'build-inputs.json');

function listTree(root, dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (SKIP.has(rel)) continue;
    if (entry.isDirectory()) listTree(root, rel, out);
    else if (entry.isFile()) out.push(rel);
  }
}

/** The hash of the build's inputs in `root` (default: this checkout) for a NODE_ENV. */
export function buildInputsHash(root = ROOT, mode = process.env.NODE_ENV || 'production') {
  const files = [];
  for (const tree of TREES) if (fs.existsSync(path.join(root, tree))) listTree(root, tree, files);
  for (const file of FILES) if (fs.existsSync(path.join(root, file))) files.push(file);
  files.sort();
  const hash = createHash('sha256').update(`mode ${mode}\n`);
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Records that the build in `root` was made from the current inputs, and how its .gz files were written: 'zopfli' (the
 * production build, what the JavaScript budget counts) or 'zlib' (`npm start`'s quick build: level 9, about 3 % larger).
 */
export function writeBuildStamp(root = ROOT, hash = buildInputsHash(root), gzip = 'zopfli') {
  fs.writeFileSync(stampFile(root), JSON.stringify({ hash, gzip, builtAt: new Date().toISOString() }) + '\n');
}

/** How the last build in `root` wrote its .gz files ('zopfli' or 'zlib'); null without a build. Stamps older than the
 *  quick build say nothing and were all Zopfli's. */
export function buildGzip(root = ROOT) {
  try {
    return JSON.parse(fs.readFileSync(stampFile(root), 'utf8')).gzip ?? 'zopfli';
  } catch {
    return null;
  }
}

/** True when the last successful build in `root` was made from exactly the current inputs (and is still there). */
export function buildIsCurrent(root = ROOT) {
  const stamp = stampFile(root);
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(root, 'build', 'index.js')) || !fs.existsSync(path.join(root, 'public', 'build'))) {
    return false;
  }
  try {
    return JSON.parse(fs.readFileSync(stamp, 'utf8')).hash === buildInputsHash(root);
  } catch {
    return false;
  }
}
