import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nameOfModule, planChunks } from '../../scripts/lib/client-chunks.mjs';

// The script plan of the build (docs/decisions/028) on a small made-up client build: two areas, shared chunks that
// import each other. Whatever it merges, no page may load more than maxScripts scripts, counting the groups a group
// pulls in, and no two groups may import each other.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-chunks-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let seed = 7;
const noise = (n: number) =>
  Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), (seed % 36).toString(36))).join('');

const outputs: Record<string, { imports: { path: string; kind: string }[]; exports: string[] }> = {};
function file(rel: string, bytes: number, imports: string[] = [], exports: string[] = []) {
  const full = path.join(dir, rel);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, `/*${rel}*/${noise(bytes)}`);
  outputs[full] = { imports: imports.map((i) => ({ path: path.join(dir, i), kind: 'import-statement' })), exports };
}
const chunk = (n: number) => `_shared/chunk-${String(n).padStart(8, '0')}.js`;
const H = 'AAAAAAAA';
// Shared chunks: 0 is the framework; 1–12 app code; 5 imports 6, 9 imports 10 and 2.
for (let n = 0; n <= 12; n++) file(chunk(n), n === 0 ? 4000 : 200 + n * 90, n === 5 ? [chunk(6)] : n === 9 ? [chunk(10), chunk(2)] : []);
file(`entry.client-${H}.js`, 100, [chunk(0)]);
file(`root-${H}.js`, 300, [chunk(0), chunk(1)], ['default']);
file(`routes/a+/_layout-${H}.js`, 200, [chunk(0), chunk(2)], ['default']);
file(`routes/b+/_layout-${H}.js`, 200, [chunk(0), chunk(2)], ['default']);
const pages: [string, string, number[]][] = [
  ['a+/p1', 'a+', [3, 4, 5, 7]],
  ['a+/p2', 'a+', [3, 5, 8, 9]],
  ['a+/p3', 'a+', [4, 7, 8, 11]],
  ['a+/p4', 'a+', [3, 4, 9, 12]],
  ['b+/q1', 'b+', [5, 9, 11, 12]],
  ['b+/q2', 'b+', [3, 7, 10, 11]],
  ['b+/q3', 'b+', [4, 8, 12]],
];
for (const [id, , deps] of pages) file(`routes/${id}-${H}.js`, 150, [chunk(0), ...deps.map(chunk)], ['default']);

const url = (rel: string) => `/build/${rel}`;
const manifest = {
  entry: { module: url(`entry.client-${H}.js`) },
  routes: {
    root: { id: 'root', module: url(`root-${H}.js`) },
    'routes/a+/_layout': { id: 'routes/a+/_layout', parentId: 'root', module: url(`routes/a+/_layout-${H}.js`) },
    'routes/b+/_layout': { id: 'routes/b+/_layout', parentId: 'root', module: url(`routes/b+/_layout-${H}.js`) },
    ...Object.fromEntries(
      pages.map(([id, area]) => [
        `routes/${id}`,
        { id: `routes/${id}`, parentId: `routes/${area}/_layout`, module: url(`routes/${id}-${H}.js`) },
      ]),
    ),
  },
};

type Plan = { groupOf: Map<string, string>; pages: { route: string; bytes: number }[] };
const plan = async (maxScripts: number, maxBytes?: number) =>
  (await planChunks({ buildDir: dir, publicPath: '/build/', metafile: { outputs }, manifest, maxScripts, maxBytes })) as Plan;

describe('planChunks', () => {
  for (const [maxScripts, budgeted] of [6, 7, 8].flatMap((n) => [[n, false] as const, [n, true] as const])) {
    it(`keeps every page within ${maxScripts} scripts, counting what groups pull in, without cycles${budgeted ? ', with a byte budget' : ''}`, async () => {
      // With a byte budget (the median page of the plan without one), the merges and the repair pass that follows them
      // must leave no more bytes past it, summed over the pages, than the plan that ignores bytes.
      const free = await plan(maxScripts);
      const budget = budgeted ? [...free.pages.map((p) => p.bytes)].sort((a, b) => a - b)[Math.floor(free.pages.length / 2)] : undefined;
      const plan_ = budgeted ? await plan(maxScripts, budget) : free;
      if (budget !== undefined) {
        const past = (p: Plan) => p.pages.reduce((sum, page) => sum + Math.max(0, page.bytes - budget), 0);
        expect(past(plan_)).toBeLessThanOrEqual(past(free));
      }
      const imports = new Map(
        Object.entries(outputs).map(([f, o]) => [url(path.relative(dir, f)), o.imports.map((i) => url(path.relative(dir, i.path)))]),
      );
      const groupOf = (u: string) => plan_.groupOf.get(u) ?? nameOfModule(u);
      // Every shared chunk has a group; the framework goes with the root.
      for (let n = 0; n <= 12; n++) expect(plan_.groupOf.get(url(chunk(n))), chunk(n)).toBeTruthy();
      expect(plan_.groupOf.get(url(chunk(0)))).toBe('root');
      // The files a page loads: its modules' groups and everything those files import, transitively.
      const edges = new Map<string, Set<string>>();
      for (const [from, tos] of imports) {
        const g = groupOf(from);
        if (!edges.has(g)) edges.set(g, new Set());
        for (const to of tos) if (groupOf(to) !== g) edges.get(g)!.add(groupOf(to));
      }
      for (const [id, area] of pages) {
        const modules = [
          manifest.entry.module,
          manifest.routes.root.module,
          url(`routes/${area}/_layout-${H}.js`),
          url(`routes/${id}-${H}.js`),
        ];
        const files = new Set(modules.map(groupOf));
        const stack = [...files];
        while (stack.length) for (const next of edges.get(stack.pop()!) ?? []) if (!files.has(next)) stack.push((files.add(next), next));
        expect(files.size, `${id}: ${[...files].join(', ')}`).toBeLessThanOrEqual(maxScripts);
      }
      // No two files import each other, directly or around a circle.
      const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
        [...(edges.get(from) ?? [])].some((n) => n === to || (!seen.has(n) && (seen.add(n), reaches(n, to, seen))));
      for (const g of edges.keys()) expect(reaches(g, g), `${g} imports itself through others`).toBe(false);
    });
  }
});
