// `npm run shape`: the figures of the code's shape that docs/decisions/030 is about, counted from the sources, so that
// anyone can see whether the one page-action protocol still holds and whether a file or a layer is growing out of it.
// Prints a table; `--json` prints the same figures as JSON. Exits 0 (it measures; the lint enforces).
import fs from 'node:fs';
import path from 'node:path';
import { APP_DIR, importViolation, resolveImport } from '../eslint-rules/layers.js';
import { repeatedPairs } from './lib/repeats';

const files = (fs.readdirSync(APP_DIR, { recursive: true }) as string[])
  .map((f) => path.join(APP_DIR, f))
  .filter((f) => /\.(tsx?|mjs)$/.test(f) && fs.statSync(f).isFile());
const rel = (f: string) => path.relative(path.dirname(APP_DIR), f);
const source = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
const under = (dir: string) => files.filter((f) => rel(f).startsWith(`app/${dir}/`));
const routes = under('routes');
const services = under('services');

/** Lines of code: neither blank nor only a comment (the lint's max-lines counts the same way). */
function codeLines(text: string): number {
  let inBlock = false;
  let count = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    if (line === '' || line.startsWith('//')) continue;
    if (line.startsWith('/*')) {
      if (!line.includes('*/')) inBlock = true;
      continue;
    }
    count++;
  }
  return count;
}
/** Comments removed, so that a word in a comment is not counted as code. */
const code = (f: string) =>
  source
    .get(f)!
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const count = (list: string[], pattern: RegExp) => list.reduce((n, f) => n + (code(f).match(pattern)?.length ?? 0), 0);
const filesWith = (list: string[], pattern: RegExp) => list.filter((f) => pattern.test(code(f)));

// The page actions: every route module that exports an action, by the door it goes through. A shared form action
// (app/web/forms/*, a route folder's __*.server.ts) that calls formAction counts as formAction.
const actions = routes.filter((f) => /export (async function action\b|const action\b|const \{[^}]*\baction\b[^}]*\})/.test(code(f)));
const sharedFormActions = files
  .filter((f) => /\bformAction\(/.test(code(f)) && !actions.includes(f))
  .flatMap((f) => [...code(f).matchAll(/export (?:async )?function (\w+)/g)].map((m) => m[1]))
  .filter((name) => name !== 'formAction');
const formDoor = new RegExp(`\\b(${['formAction', ...sharedFormActions].join('|')})\\(`);
const byDoor = {
  formAction: filesWith(actions, formDoor).length,
  apiRoute: filesWith(actions, /\bapiRoute\(/).length,
  providerEvent: filesWith(actions, /\bproviderEvent\(/).length,
};
const otherDoor = actions.filter((f) => !formDoor.test(code(f)) && !/\b(apiRoute|providerEvent)\(/.test(code(f))).map(rel);

// Imports: each runtime import (type-only ones left out) of a file of app/, resolved as the lint resolves it.
const importPattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const graph = new Map<string, string[]>();
let upward = 0;
for (const f of files) {
  const targets: string[] = [];
  for (const m of source.get(f)!.matchAll(importPattern)) {
    const spec = m[3] ?? m[4];
    if (importViolation(f, spec)) upward++;
    if (m[2]) continue;
    const target = resolveImport(f, spec);
    if (target && 'file' in target && target.file && source.has(target.file)) targets.push(target.file);
  }
  graph.set(f, targets);
}

/** Strongly connected sets of two or more files (Tarjan): import cycles. */
function cycles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const longest = (list: string[]) =>
  list
    .map((f) => ({ file: rel(f), lines: codeLines(source.get(f)!) }))
    .sort((a, b) => b.lines - a.lines)
    .slice(0, 3);
const over = (list: string[], max: number) => list.filter((f) => codeLines(source.get(f)!) > max).map(rel);
const foundCycles = cycles();

const repeats = repeatedPairs(APP_DIR);
const figures = {
  'page actions (route modules with an action)': actions.length,
  '… through formAction': byDoor.formAction,
  '… through apiRoute': byDoor.apiRoute,
  '… through providerEvent (webhooks)': byDoor.providerEvent,
  '… another way': otherDoor.length,
  // formAction answers every refusal as one FormReply; an action another way would bring its own shape.
  'page-action reply shapes (FormReply, plus one per action another way)': 1 + otherDoor.length,
  'routes reading a body by hand (request.formData/json/text)': count(routes, /\brequest\.(formData|json|text)\(/g),
  "form.get('…') calls in routes": count(routes, /\bform(Data)?\.get\(/g),
  'isDomainError blocks in routes': count(routes, /\bisDomainError\(/g),
  'form client libraries in the browser': 1 + filesWith(files, /from '@conform-to\/react'/).length,
  'routes writing their own <table>': filesWith(routes, /<table\b/).length,
  'route files over 150 lines': over(routes, 150).length,
  'route files over 300 lines': over(routes, 300).length,
  'service files over 350 lines': over(services, 350).length,
  'imports against the layer table': upward,
  'import cycles': foundCycles.length,
  'pairs of places repeating 6+ lines of code in app/': repeats.pairs,
};

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      {
        figures,
        otherDoor,
        cycles: foundCycles,
        longestRoutes: longest(routes),
        longestServices: longest(services),
        longestRepeats: repeats.longest,
      },
      null,
      2,
    ),
  );
} else {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(width)}  ${String(value).padStart(5)}`);
  if (otherDoor.length) console.log(`\nactions another way: ${otherDoor.join(', ')}`);
  for (const c of foundCycles) console.log(`cycle: ${c.join(' → ')}`);
  console.log(
    `\nlongest routes:   ${longest(routes)
      .map((l) => `${l.file} (${l.lines})`)
      .join(', ')}`,
  );
  console.log(
    `longest services: ${longest(services)
      .map((l) => `${l.file} (${l.lines})`)
      .join(', ')}`,
  );
  console.log(`longest repeats:  ${repeats.longest.join(', ')}`);
}
