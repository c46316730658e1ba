// Which of the classic compiler's shared chunks are bundled together for the browser (docs/decisions/028).
//
// esbuild splits the client code into one chunk per distinct set of route modules sharing it: 120-odd small files, of
// which a page loads 20 to 30. Over HTTP/1.1's six connections on a slow network every round of six costs a full
// request latency, so the build re-bundles them (scripts/build.mjs) into a few groups. This module decides the groups
// from the compiler's metafile and manifest alone, so the decision can be tested and printed without bundling.
//
// A page loads the entry module, the route modules of its branch (root, the area's layout, the page) and every shared
// chunk those import. The plan:
//   1. `core`: everything the entry and the root route import (every hydrated page loads it anyway);
//   2. every other shared chunk starts as a group of its own; chunks needed by exactly the same pages are one group;
//   3. while a page needs more groups than its script budget leaves (maxScripts minus its own modules), merge the two
//      groups, both needed by such a page, whose merge adds the fewest bytes to the pages that need only one of them
//      (per page it relieves). Bytes are gzip bytes, the measure of the budget.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzipAsync = promisify(zlib.gzip);

/**
 * @param {{ buildDir: string, publicPath: string, metafile: any, manifest: any, maxScripts: number, maxBytes?: number }} input
 *   buildDir: the client build folder (public/build); publicPath: its URL prefix (/build/); metafile: esbuild's
 *   client metafile (build/metafile.js.json); manifest: the browser manifest (window.__remixManifest).
 * @returns {Promise<{ groupOf: Map<string, string>, pages: { route: string, modules: string[], groups: string[], bytes: number, neededBytes: number }[], groups: Map<string, { members: string[], bytes: number, host: boolean }> }>}
 *   groupOf maps a shared chunk's URL to its group's name.
 */
export async function planChunks({ buildDir, publicPath, metafile, manifest, maxScripts, maxBytes = Infinity }) {
  const toUrl = (file) => publicPath + path.relative(path.resolve(buildDir), path.resolve(file)).split(path.sep).join('/');
  /** @type {Map<string, string[]>} static imports per output URL */
  const imports = new Map();
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    imports.set(
      toUrl(file),
      (out.imports ?? []).filter((i) => i.kind === 'import-statement' && !i.external).map((i) => toUrl(i.path)),
    );
  }
  /** @type {Map<string, string[]>} the output URLs that import each one */
  const importersOf = new Map();
  for (const [url, deps] of imports) {
    for (const dep of deps) {
      if (!importersOf.has(dep)) importersOf.set(dep, []);
      importersOf.get(dep).push(url);
    }
  }
  const isShared = (url) => url.startsWith(`${publicPath}_shared/`);
  const closure = (modules) => {
    const seen = new Set();
    const stack = [...modules];
    while (stack.length) {
      const url = stack.pop();
      for (const dep of imports.get(url) ?? []) {
        if (seen.has(dep)) continue;
        seen.add(dep);
        stack.push(dep);
      }
    }
    return [...seen].filter(isShared);
  };

  // A chunk weighed without its import and export statements: the glue between the compiler's many chunks, which the
  // re-bundled files mostly do without (with it, the plan's figures ran 3 to 5 per cent above the files').
  const texts = new Map();
  const text = (url) => {
    if (!texts.has(url)) texts.set(url, readWithoutGlue(url));
    return texts.get(url);
  };
  const readWithoutGlue = (url) =>
    Buffer.from(
      fs
        .readFileSync(path.join(buildDir, url.slice(publicPath.length)), 'utf8')
        .replace(/import\s*\{[^}]*\}\s*from\s*"[^"]*";?/g, '')
        .replace(/import\s*"[^"]*";?/g, '')
        .replace(/export\s*\{[^}]*\};?/g, ''),
    );
  // Weighed once per set of members (the repair pass below tries many moves and takes most of them back).
  const weighed = new Map();
  const groupBytes = (members) => {
    const sorted = [...members].sort();
    const key = sorted.join('\n');
    if (!weighed.has(key)) weighed.set(key, zlib.gzipSync(Buffer.concat(sorted.map(text))).length);
    return weighed.get(key);
  };
  /** Weighs sets of members ahead, in zlib's thread pool (the machine's cores at once): the same figures, sooner. */
  const weighAhead = async (memberSets) => {
    const todo = new Map();
    for (const members of memberSets) {
      const sorted = [...members].sort();
      const key = sorted.join('\n');
      if (!weighed.has(key) && !todo.has(key)) todo.set(key, sorted);
    }
    await Promise.all([...todo].map(async ([key, sorted]) => weighed.set(key, (await gzipAsync(Buffer.concat(sorted.map(text)))).length)));
  };
  const size = new Map();
  const gzipBytes = (url) => {
    if (!size.has(url)) size.set(url, zlib.gzipSync(text(url)).length);
    return size.get(url);
  };

  // Every route with a component is a page (resource routes render nothing and load no script): its modules are the
  // entry's and its branch's.
  const exportsByUrl = new Map(Object.entries(metafile.outputs).map(([file, out]) => [toUrl(file), out.exports ?? []]));
  const exportsOf = (url) => exportsByUrl.get(url) ?? [];
  const routes = Object.values(manifest.routes).filter((route) => exportsOf(route.module).includes('default'));
  const pages = routes.map((route) => {
    const branch = [];
    for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) branch.unshift(r.module);
    const modules = [manifest.entry.module, ...branch];
    return { route: route.id, modules, chunks: closure(modules) };
  });

  // Hosts: the root and the layouts. A host's own script can carry code that only pages below it use, at no extra
  // request (its file then exports more than the route's own exports; the build allows that).
  const hosts = new Set(routes.filter((r) => routes.some((c) => c.parentId === r.id)).map((r) => r.module));
  hosts.add(manifest.routes.root.module);

  /** @type {Map<string, { members: Set<string>, pages: Set<number>, bytes: number, host: boolean }>} */
  const groups = new Map();
  const groupOfChunk = new Map();
  for (const host of hosts) {
    const pagesBelow = new Set();
    pages.forEach((p, i) => p.modules.includes(host) && pagesBelow.add(i));
    groups.set(host, { members: new Set(), pages: pagesBelow, bytes: 0, host: true });
  }
  const allChunks = new Set(pages.flatMap((p) => p.chunks));
  // The entry's and the root's shared code goes with the root (every page loads both).
  const core = new Set(closure([manifest.entry.module, manifest.routes.root.module]));
  const rootModule = manifest.routes.root.module;
  const bySignature = new Map();
  for (const chunk of allChunks) {
    const chunkPages = new Set();
    pages.forEach((p, i) => p.chunks.includes(chunk) && chunkPages.add(i));
    const key = core.has(chunk) ? rootModule : [...chunkPages].join(',');
    const name = core.has(chunk) ? rootModule : (bySignature.get(key) ?? chunk);
    bySignature.set(key, name);
    groupOfChunk.set(chunk, name);
    if (!groups.has(name)) groups.set(name, { members: new Set(), pages: new Set(), bytes: 0, host: false });
    const group = groups.get(name);
    group.members.add(chunk);
    if (!group.host) for (const i of chunkPages) group.pages.add(i);
    group.bytes += gzipBytes(chunk);
  }

  const subset = (a, b) => [...a].every((x) => b.has(x));
  const below = new Map([...hosts].map((h) => [h, new Set(groups.get(h).pages)]));
  // What a page really loads: the groups of its chunks and hosts, and every group those import, because a group may
  // carry code of other pages that imports yet another group.
  let loaded = [];
  let starts = [];
  const hostModulesOf = pages.map((p) => p.modules.filter((m) => hosts.has(m)));
  let edges = new Map();
  /** Recomputes what pages load: every page, or only `only` (the pages a move of one chunk can change). */
  const relist = (only, newEdges) => {
    edges = newEdges ?? groupEdges(groupOfChunk, imports);
    const indices = only ?? pages.map((_, i) => i);
    if (!only) for (const group of groups.values()) group.pages = new Set();
    for (const i of indices) {
      if (only) for (const name of loaded[i]) groups.get(name)?.pages.delete(i);
      const start = new Set();
      for (const c of pages[i].chunks) start.add(groupOfChunk.get(c));
      for (const m of hostModulesOf[i]) start.add(m);
      starts[i] = start;
      const seen = new Set(start);
      const stack = [...seen];
      while (stack.length) {
        const targets = edges.get(stack.pop());
        if (!targets) continue;
        for (const next of targets) {
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(next);
        }
      }
      loaded[i] = seen;
      for (const name of seen) groups.get(name)?.pages.add(i);
    }
  };
  const merge = (keepName, dropName) => {
    const keep = groups.get(keepName);
    const drop = groups.get(dropName);
    for (const m of drop.members) {
      keep.members.add(m);
      groupOfChunk.set(m, keepName);
    }
    // A group is one file: its gzip size is that of its members together, well below the sum of their own (a shared
    // chunk of a few hundred bytes compresses poorly alone), so the JavaScript budget is weighed as the browser pays it.
    keep.bytes = weigh(keepName, keep);
    groups.delete(dropName);
  };
  // A host's group is one file with the host's own module: weighed together, as the browser receives it.
  const weigh = (name, group) => (group.host ? groupBytes([name, ...group.members]) : groupBytes(group.members));
  for (const [name, group] of groups) if (group.host || group.members.size > 1) group.bytes = weigh(name, group);
  relist();
  // Free moves first: a group loaded by exactly the pages below a host goes into the deepest such host.
  for (const [name, group] of [...groups]) {
    if (group.host) continue;
    const host = [...hosts].filter((h) => subset(below.get(h), group.pages) && subset(group.pages, below.get(h)));
    if (host.length) merge(host.sort((a, b) => below.get(a).size - below.get(b).size)[0], name);
  }
  relist();

  const moduleSets = pages.map((p) => new Set(p.modules));
  // A page's own modules, but for the hosts: a host's module is weighed in its group.
  const ownBytes = (p) => p.modules.reduce((sum, m) => sum + (hosts.has(m) ? 0 : gzipBytes(m)), 0);
  const moduleBytes = pages.map(ownBytes);
  const requests = (i) => [...loaded[i]].filter((name) => !moduleSets[i].has(name)).length;
  const budgetOf = (i) => maxScripts - pages[i].modules.length;

  // The greedy merges above can leave a page past the byte budget with other pages' code in its groups (which merge a
  // later step needs is not known when an earlier one is taken). A repair pass then moves such a chunk, one at a time,
  // to another group, to a layout's file or to a group of its own, whichever lowers the bytes past the budget summed
  // over the pages, as long as every page keeps within its scripts and no two groups import each other.
  async function repairOverweight() {
    if (maxBytes === Infinity) return;
    const bytesOf = (i) => moduleBytes[i] + [...loaded[i]].reduce((sum, g) => sum + groups.get(g).bytes, 0);
    const needs = pages.map((p) => new Set(p.chunks));
    const needers = new Map();
    const needing = (chunk) => {
      if (!needers.has(chunk))
        needers.set(
          chunk,
          pages.map((_, j) => j).filter((j) => needs[j].has(chunk)),
        );
      return needers.get(chunk);
    };
    let fresh = 0;
    const move = (chunk, from, to) => {
      // The pages whose bytes can change: those that need the chunk, and those that load either group.
      const affected = new Set([...needing(chunk), ...groups.get(from).pages, ...(groups.get(to)?.pages ?? [])]);
      const oldEdges = edges;
      if (!groups.has(to)) groups.set(to, { members: new Set(), pages: new Set(), bytes: 0, host: false });
      groups.get(from).members.delete(chunk);
      groups.get(to).members.add(chunk);
      groupOfChunk.set(chunk, to);
      for (const name of [from, to]) {
        const group = groups.get(name);
        if (!group.host && group.members.size === 0) groups.delete(name);
        else group.bytes = weigh(name, group);
      }
      // Of those, the pages whose scripts can change: those that need the chunk, and those that load a group whose
      // imports changed (the two groups, and the groups of the chunks that import it). The others load what they did.
      const newEdges = groupEdges(groupOfChunk, imports);
      const edgesOf = (all, name) => [...(all.get(name) ?? [])].join('\n');
      const changed = [from, to, ...(importersOf.get(chunk) ?? []).map((c) => groupOfChunk.get(c))].filter(
        (name, k, all) => all.indexOf(name) === k && edgesOf(oldEdges, name) !== edgesOf(newEdges, name),
      );
      const needers = new Set(needing(chunk));
      const relisted = [...affected].filter((i) => needers.has(i) || changed.some((name) => loaded[i].has(name)));
      // What they loaded before, so that a tried move is undone without listing them again (`undo`).
      const before = { edges: oldEdges, pages: relisted.map((i) => [i, loaded[i], starts[i]]) };
      relist(relisted, newEdges);
      return { affected, relisted, before };
    };
    // A tried move taken back: the chunk returns to its group, as `move` would put it, and the pages it touched load
    // what they loaded before (the same sets a new listing would give, since every chunk is where it was).
    const undo = (chunk, from, to, { relisted, before }) => {
      if (!groups.has(from)) groups.set(from, { members: new Set(), pages: new Set(), bytes: 0, host: false });
      groups.get(to).members.delete(chunk);
      groups.get(from).members.add(chunk);
      groupOfChunk.set(chunk, from);
      for (const name of [to, from]) {
        const group = groups.get(name);
        if (!group.host && group.members.size === 0) groups.delete(name);
        else group.bytes = weigh(name, group);
      }
      for (const i of relisted) for (const name of loaded[i]) groups.get(name)?.pages.delete(i);
      for (const [i, wasLoaded, wasStarts] of before.pages) {
        loaded[i] = wasLoaded;
        starts[i] = wasStarts;
        for (const name of wasLoaded) groups.get(name)?.pages.add(i);
      }
      edges = before.edges;
    };
    const pastBudget = (i) => Math.max(0, bytesOf(i) - maxBytes);
    for (let round = 0; round < 40; round++) {
      const past = pages.map((_, i) => pastBudget(i));
      if (past.every((b) => b === 0)) return;
      let best;
      // Where a chunk can go: a group one of the pages that need it loads, where every such page that does not has a
      // script to spare (a layout's file only when they are all below it), or a group of its own.
      const targetsOf = (chunk, from) => {
        const needers = needing(chunk);
        const room = (g) => needers.every((j) => loaded[j].has(g) || requests(j) < budgetOf(j));
        const targets = new Set([`split:${fresh}`]);
        for (const j of needers) {
          for (const g of loaded[j]) {
            if (g === from || targets.has(g)) continue;
            if (groups.get(g).host && !needers.every((k) => below.get(g)?.has(k))) continue;
            if (room(g)) targets.add(g);
          }
        }
        return targets;
      };
      const overPages = pages.map((_, i) => i).filter((i) => past[i] > 0);
      // Every move the round tries, weighed first, in parallel: each leaves its group without the chunk and gives it to
      // another (a tried move is undone, so the round starts each from the same groups).
      {
        const sets = [];
        const seen = new Set();
        for (const i of overPages) {
          for (const from of loaded[i]) {
            for (const chunk of groups.get(from).members) {
              if (needs[i].has(chunk) || core.has(chunk) || seen.has(chunk)) continue;
              seen.add(chunk);
              const fromGroup = groups.get(from);
              const rest = [...fromGroup.members].filter((m) => m !== chunk);
              if (fromGroup.host) sets.push([from, ...rest]);
              else if (rest.length) sets.push(rest);
              for (const to of targetsOf(chunk, from)) {
                const toGroup = groups.get(to);
                if (!toGroup) sets.push([chunk]);
                else sets.push(toGroup.host ? [to, ...toGroup.members, chunk] : [...toGroup.members, chunk]);
              }
            }
          }
        }
        await weighAhead(sets);
      }
      const tried = new Set();
      for (const i of overPages) {
        for (const from of loaded[i]) {
          for (const chunk of [...groups.get(from).members]) {
            if (needs[i].has(chunk) || core.has(chunk) || tried.has(chunk)) continue;
            tried.add(chunk);
            for (const to of targetsOf(chunk, from)) {
              const moved = move(chunk, from, to);
              const affected = [...moved.affected];
              // The change in bytes past the budget, over the pages the move touches.
              const gain = affected.reduce((sum, j) => sum + pastBudget(j) - past[j], 0);
              const ok =
                gain < 0 &&
                (!best || gain < best.gain) &&
                affected.every((j) => requests(j) <= budgetOf(j)) &&
                !groupCycles(groupEdges(groupOfChunk, imports), [...groups.keys()]).length;
              undo(chunk, from, to, moved);
              if (ok) best = { chunk, from, to, gain };
            }
          }
        }
      }
      if (!best) return;
      move(best.chunk, best.from, best.to);
      if (best.to === `split:${fresh}`) fresh++;
    }
  }
  for (;;) {
    const over = pages.map((_, i) => i).filter((i) => requests(i) > budgetOf(i));
    if (!over.length) {
      // Groups that import each other in a circle become one (a cycle between scripts makes their order fragile).
      const cycles = groupCycles(groupEdges(groupOfChunk, imports), [...groups.keys()]);
      if (!cycles.length) break;
      for (const cycle of cycles) {
        const cycleHosts = cycle.filter((n) => groups.get(n).host);
        const keep = cycleHosts[0] ?? cycle[0];
        if (cycleHosts.length > 1) throw new Error(`scripts of two layouts import each other: ${cycle.join(', ')}`);
        for (const name of cycle) if (name !== keep) merge(keep, name);
      }
      relist();
      continue;
    }
    let best;
    const nowRequests = pages.map((_, i) => requests(i));
    const nowBytes = pages.map((_, i) => moduleBytes[i] + [...loaded[i]].reduce((sum, n) => sum + groups.get(n).bytes, 0));
    const reach = new Map(
      [...groups.keys()].map((g) => {
        const seen = new Set();
        const stack = [g];
        while (stack.length) {
          for (const n of edges.get(stack.pop()) ?? []) {
            if (seen.has(n)) continue;
            seen.add(n);
            stack.push(n);
          }
        }
        return [g, [...seen]];
      }),
    );
    // Candidates: two groups a page over its budget loads, or one of them and a host of that page.
    const pairs = new Map();
    for (const i of over) {
      const names = [...loaded[i], ...pages[i].modules.filter((m) => hosts.has(m))];
      for (let a = 0; a < names.length; a++) {
        for (let b = a + 1; b < names.length; b++) {
          const [x, y] = names[a] < names[b] ? [names[a], names[b]] : [names[b], names[a]];
          if (x !== y) pairs.set(`${x}\n${y}`, [x, y]);
        }
      }
    }
    for (const [x, y] of pairs.values()) {
      {
        let A = groups.get(x);
        let B = groups.get(y);
        let keep = x;
        let drop = y;
        if (A.host && B.host) continue;
        if (B.host) [A, B, keep, drop] = [B, A, drop, keep];
        // A host takes only code of pages below it.
        if (A.host && !subset(B.pages, below.get(keep))) continue;
        // The merge, simulated: what every page that loads either group would load after it.
        if (!over.some((i) => B.pages.has(i) && (A.host || A.pages.has(i)))) continue;
        // A page that loaded one of the two now loads the other and all it imports.
        let relieved = 0;
        let added = 0;
        // Every page that loads either group, once (the sums do not depend on the order).
        const gainedWithDrop = [drop, ...reach.get(drop)];
        const gainedWithKeep = [keep, ...reach.get(keep)];
        const weighPage = (i) => {
          const loads = loaded[i];
          const gained = loads.has(keep) ? (loads.has(drop) ? [] : gainedWithDrop) : gainedWithKeep;
          let count = nowRequests[i];
          let bytes = 0;
          const fresh = new Set();
          for (const n of gained) {
            if (loads.has(n) || fresh.has(n)) continue;
            fresh.add(n);
            bytes += groups.get(n).bytes;
            if (!moduleSets[i].has(n)) count++;
          }
          // The two are one script now.
          if ((loads.has(keep) || fresh.has(keep)) && (loads.has(drop) || fresh.has(drop))) count--;
          const budget = budgetOf(i);
          relieved += Math.max(0, nowRequests[i] - budget) - Math.max(0, count - budget);
          added += bytes;
          // Bytes past the page budget weigh a hundred times as much (the goal is both budgets; at ten times, merges kept
          // pushing the home pages to 103–114 KB).
          added += 99 * (Math.max(0, nowBytes[i] + bytes - maxBytes) - Math.max(0, nowBytes[i] - maxBytes));
        };
        for (const i of A.pages) weighPage(i);
        for (const i of B.pages) if (!A.pages.has(i)) weighPage(i);
        if (relieved <= 0) continue;
        const cost = added / relieved;
        if (!best || cost < best.cost) best = { cost, keep, drop };
      }
    }
    if (!best) throw new Error(`a page needs more than ${maxScripts} scripts and no merge helps`);
    merge(best.keep, best.drop);
    relist();
  }
  await repairOverweight();
  const pageBytes = pages.map((p, i) => ownBytes(p) + [...loaded[i]].reduce((sum, g) => sum + groups.get(g).bytes, 0));

  // Names: a host's group is named after its module (the build gives the module and its group one file); the others
  // shared1, shared2… by size.
  const names = new Map([...hosts].map((h) => [h, nameOfModule(h)]));
  [...groups]
    .filter(([, g]) => !g.host)
    .sort(([, a], [, b]) => b.bytes - a.bytes || ([...a.members][0] < [...b.members][0] ? -1 : 1))
    .forEach(([name], i) => names.set(name, `shared${i + 1}`));
  const groupOf = new Map([...groupOfChunk].map(([chunk, name]) => [chunk, names.get(name)]));
  for (const h of hosts) groupOf.set(h, names.get(h));
  return {
    groupOf,
    pages: pages.map((p, i) => ({
      route: p.route,
      modules: p.modules,
      groups: [...loaded[i]].filter((n) => !p.modules.includes(n)).map((n) => names.get(n)),
      bytes: pageBytes[i],
      // Its own code in one gzip stream: what it would weigh if nothing of other pages came with it.
      neededBytes: groupBytes([...p.modules, ...p.chunks]),
    })),
    groups: new Map([...groups].map(([name, g]) => [names.get(name), { members: [...g.members], bytes: g.bytes, host: g.host }])),
  };
}

/** The name a module keeps in the output: its path without esbuild's hash (routes/user+/_layout-RWMBF4OQ.js → routes/user+/_layout). */
export function nameOfModule(url, publicPath = '/build/') {
  return url.slice(publicPath.length).replace(/-[A-Z0-9]{8}\.js$/, '');
}

/** The groups each group's code imports. */
function groupEdges(groupOfChunk, imports) {
  const edges = new Map();
  for (const [chunk, name] of groupOfChunk) {
    if (!edges.has(name)) edges.set(name, new Set());
    for (const dep of imports.get(chunk) ?? []) {
      const target = groupOfChunk.get(dep);
      if (target && target !== name) edges.get(name).add(target);
    }
  }
  return edges;
}

/** The strongly connected sets of two or more groups in the groups' import graph (Tarjan). */
function groupCycles(edges, names) {
  for (const name of names) if (!edges.has(name)) edges.set(name, new Set());
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}
