// The browser's scripts, re-bundled after the classic compiler (docs/decisions/028-few-scripts-inline-css-covers.md).
//
// Remix's classic compiler (esbuild) writes one shared chunk per distinct set of route modules that share code, so a
// page loads 20 to 30 scripts. This step takes the compiler's client output as Rollup's input (the entry module and
// every route module are entries, exports kept exactly), groups the shared chunks as scripts/lib/client-chunks.mjs
// plans (at most `maxScripts` scripts per page), minifies each output file again with terser, and rewrites both
// manifests that name the files: the browser's (public/build/manifest-*.js) and the one embedded in the server build
// (build/index.js), whose `imports` lists Remix turns into modulepreload links. Output names carry Rollup's content
// hash, so a changed file never reuses a cached name.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { rollup } from 'rollup';
import { nameOfModule, planChunks } from './client-chunks.mjs';
import { minifyPool } from './minify-pool.mjs';

const MANIFEST_FILE = /^manifest-[A-Z0-9]+\.js$/;
const SERVER_MANIFEST = /^var assets_manifest_default = \{.*\};$/m;

/**
 * @param {{ buildDir: string, publicPath: string, serverBuild: string, metafile: string, maxScripts: number }} options
 * @returns {Promise<{ before: number, after: number, groups: number }>} counts of script files before and after
 */
export async function rebundleClient({ buildDir, publicPath, serverBuild, metafile, maxScripts, maxBytes }) {
  const manifestName = fs.readdirSync(buildDir).find((f) => MANIFEST_FILE.test(f));
  if (!manifestName) throw new Error(`no manifest in ${buildDir}`);
  const manifestText = fs.readFileSync(path.join(buildDir, manifestName), 'utf8');
  const manifest = JSON.parse(manifestText.replace(/^window\.__remixManifest=/, '').replace(/;\s*$/, ''));
  const metafileJson = JSON.parse(fs.readFileSync(metafile, 'utf8'));
  const fileOf = (url) => path.join(buildDir, url.slice(publicPath.length));
  const urlOf = (file) => publicPath + path.relative(buildDir, file).split(path.sep).join('/');
  // Entries keep their names without esbuild's hash: routes/user+/dashboard-6TDAMZVH.js → routes/user+/dashboard.
  const modules = [manifest.entry.module, ...Object.values(manifest.routes).map((r) => r.module)];
  const input = Object.fromEntries(modules.map((url) => [nameOfModule(url, publicPath), fileOf(url)]));
  const scriptsBefore = listScripts(buildDir).length;

  // The plan's figures (gzip at the default level, of the compiler's chunks without their glue) run 3–4 % above what
  // the server sends (zopfli), so the budget in the plan's units is `maxBytes` × 1.03 (the lower end: the repair pass
  // then moves other pages' code off a page that the higher end would leave just past 100 KB). The planner is greedy: which
  // merges it takes to hold the script budget shifts with its target, and a page can end up carrying other pages' code
  // past the budget (docs/decisions/028); the build warns with the page the plan leaves furthest over.
  const budget = maxBytes === undefined || maxBytes === Infinity ? Infinity : Math.floor(maxBytes * 1.03);
  // Rollup reads and parses the modules while the plan is made (the plan waits on zlib's threads for much of its
  // time); only the output's grouping needs the plan.
  const reading = readModules({ input, fileOf, publicPath });
  const plan = await planChunks({ buildDir, publicPath, metafile: metafileJson, manifest, maxScripts, maxBytes: budget }).catch(
    async (error) => {
      await reading.then(
        (bundle) => bundle.close(),
        () => {},
      );
      throw error;
    },
  );
  const worst = worstPlanned(plan, budget);
  const output = await bundleOnce(await reading, { plan, urlOf });

  // The new files replace the compiler's scripts (stylesheets and other assets stay).
  for (const file of listScripts(buildDir)) fs.rmSync(file);
  fs.rmSync(path.join(buildDir, '_shared'), { recursive: true, force: true });
  for (const file of output) {
    const target = path.join(buildDir, file.fileName);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.type === 'chunk' ? file.code : file.source);
  }

  // Every entry's imports: all the chunks it loads, directly or through another chunk.
  const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const importsOf = (fileName) => {
    const seen = new Set();
    const stack = [...chunks.get(fileName).imports];
    while (stack.length) {
      const next = stack.pop();
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...chunks.get(next).imports);
    }
    return [...seen].sort().map((f) => publicPath + f);
  };
  const entryOf = new Map([...chunks.values()].filter((c) => c.isEntry).map((c) => [urlOf(c.facadeModuleId), c.fileName]));
  const relink = (target) => {
    const fileName = entryOf.get(target.module);
    if (!fileName) throw new Error(`no bundle for ${target.module}`);
    target.module = publicPath + fileName;
    const imports = importsOf(fileName);
    if (imports.length) target.imports = imports;
    else delete target.imports;
  };
  relink(manifest.entry);
  for (const route of Object.values(manifest.routes)) relink(route);

  // The browser manifest gets a new name from its new content; the version stays (the server compares it).
  delete manifest.url;
  const hash = crypto.createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 8).toUpperCase();
  manifest.url = `${publicPath}manifest-${hash}.js`;
  fs.writeFileSync(path.join(buildDir, `manifest-${hash}.js`), `window.__remixManifest=${JSON.stringify(manifest)};`);

  const server = fs.readFileSync(serverBuild, 'utf8');
  if ((server.match(new RegExp(SERVER_MANIFEST, 'gm')) ?? []).length !== 1) {
    throw new Error(`${serverBuild}: the assets manifest was not found once`);
  }
  fs.writeFileSync(
    serverBuild,
    server.replace(SERVER_MANIFEST, () => `var assets_manifest_default = ${JSON.stringify(manifest)};`),
  );
  return { before: scriptsBefore, after: listScripts(buildDir).length, groups: plan.groups.size, worst };
}

function listScripts(buildDir) {
  return fs
    .readdirSync(buildDir, { recursive: true })
    .map((entry) => path.join(buildDir, String(entry)))
    .filter((file) => file.endsWith('.js') && !file.includes(`${path.sep}_assets${path.sep}`) && fs.statSync(file).isFile());
}

/** Rollup's module graph of the compiler's output (the entries and every module they import). */
function readModules({ input, fileOf, publicPath }) {
  return rollup({
    input,
    // A root or layout module may carry code its pages share (client-chunks.mjs): its file exports a little more.
    preserveEntrySignatures: 'allow-extension',
    plugins: [
      {
        name: 'remix-build-urls',
        resolveId(source) {
          if (source.startsWith(publicPath)) return fileOf(source);
          return null;
        },
      },
    ],
    onwarn(warning, warn) {
      if (warning.code === 'CIRCULAR_DEPENDENCY') return;
      warn(warning);
    },
  });
}

/** One Rollup output of the module graph, grouped as the plan says; the files are returned, not written. */
async function bundleOnce(bundle, { plan, urlOf }) {
  // Terser, not esbuild: on the framework's 85 KB it writes about 3.4 % less gzip (82.1 KB against 85.0 KB), what
  // kept the student's dashboard past the 100 KB budget (docs/decisions/028, "Minifier"). On every core at once.
  const terser = minifyPool({ module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  try {
    const { output } = await bundle.generate({
      format: 'es',
      entryFileNames: '[name]-[hash].js',
      chunkFileNames: '_shared/[name]-[hash].js',
      manualChunks: (id) => plan.groupOf.get(urlOf(id)),
      plugins: [{ name: 'minify', renderChunk: (code) => terser.minify(code) }],
    });
    return output;
  } finally {
    await terser.close();
    await bundle.close();
  }
}

/** The page the plan puts furthest past `maxBytes` (beyond its own code's weight, when that is already more). */
function worstPlanned(plan, maxBytes) {
  let worst = { route: '', excess: 0 };
  for (const page of plan.pages) {
    if (page.neededBytes > maxBytes) continue;
    const excess = page.bytes - maxBytes;
    if (excess > worst.excess) worst = { route: page.route, excess };
  }
  return worst;
}
