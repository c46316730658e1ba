// `npm run bench:routes`: does a request cost more when the app has more routes? The built app (run `npm run build`
// first) answers the same pages in-process, through Remix's request handler, with its own route table and with that
// table doubled (every route again under /copy…, as if the app had twice as many pages). It prints the median time per
// request of each and their ratio, which should stay near 1 (decision 022: the route match cache). Rounds alternate
// between the two tables, so a busy machine slows both alike: read the ratio, not the milliseconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'production';
process.env.APP_ENV ??= 'EXP';
process.env.DATABASE_URL = '';
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'readin-bench-routes-'));
process.env.LOG_LEVEL ??= 'warn';

const PAGES = (process.env.BENCH_PAGES ?? '/card-pay/close,/landing,/member/login').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 200);

const { createRequestHandler } = await import('@remix-run/node');
const build = await import(pathToFileURL(path.resolve(process.env.BENCH_BUILD ?? 'build/index.js')).href);

/** The build with every route but the root a second time, under /copy. */
function doubled(original) {
  const copyId = (id) => (id === 'root' ? id : `${id}__copy`);
  const copyRoute = (route) => {
    const atTop = route.parentId === 'root';
    const path = atTop ? (route.index ? 'copy' : ['copy', route.path].filter(Boolean).join('/')) : route.path;
    return { ...route, id: copyId(route.id), parentId: copyId(route.parentId), path, index: atTop ? undefined : route.index };
  };
  const routes = { ...original.routes };
  const assetRoutes = { ...original.assets.routes };
  for (const route of Object.values(original.routes)) {
    if (route.id === 'root') continue;
    routes[copyId(route.id)] = copyRoute(route);
    assetRoutes[copyId(route.id)] = copyRoute(original.assets.routes[route.id]);
  }
  return { ...original, routes, assets: { ...original.assets, routes: assetRoutes } };
}

const tables = { 'routes ×1': build, 'routes ×2': doubled(build) };
const handlers = Object.fromEntries(Object.entries(tables).map(([name, b]) => [name, createRequestHandler(b, 'production')]));
const count = (b) => Object.keys(b.routes).length;

async function time(handler, page) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < PER_ROUND; i += 1) {
    const response = await handler(new Request(`http://127.0.0.1${page}`));
    if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
    await response.arrayBuffer();
  }
  return Number(process.hrtime.bigint() - start) / 1e6 / PER_ROUND;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`route tables: ${count(build)} and ${count(tables['routes ×2'])} routes; ${ROUNDS} rounds of ${PER_ROUND} requests per page`);
console.log('| page | ms per request, routes ×1 | routes ×2 | ratio |');
console.log('|---|---|---|---|');
for (const page of PAGES) {
  const times = { 'routes ×1': [], 'routes ×2': [] };
  for (const name of Object.keys(handlers)) await time(handlers[name], page); // warm-up
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of round % 2 ? Object.keys(handlers).reverse() : Object.keys(handlers))
      times[name].push(await time(handlers[name], page));
  }
  const [one, two] = [median(times['routes ×1']), median(times['routes ×2'])];
  console.log(`| ${page} | ${one.toFixed(2)} | ${two.toFixed(2)} | ${(two / one).toFixed(2)} |`);
}
process.exit(0);
