// The stylesheet a page inlines (docs/decisions/028, "Stylesheet").
//
// On a slow network a linked stylesheet is a render-blocking round trip of its own, and the whole sheet inlined into
// every page would put the heaviest pages over the 14 KB HTML budget. So every page (a route and the layouts above
// it) gets the part of the sheet that can apply to it, in the sheet's own order, and inlines that part.
//
// A rule belongs to a page's part unless every selector of it needs a class that no file of that page can write:
//   - the files of a page are the route modules of its branch (root, layouts, the route) and everything they import,
//     from the server build's metafile (it includes loaders and services, which may return class names); files that
//     no route imports write for every page;
//   - a class is "written" by a file whose string literals (quoted strings, JSX attribute values, the text of template
//     literals; not import paths) contain it as a whole word, in any case (`medal ${medal.toLowerCase()}` with 'GOLD'):
//     only a string can become a class, so names, comments and JSX text do not count (a column `section`, a variable
//     `table`, `<section>` kept the rules of `.section` and `.table` on pages that have neither);
//   - a class may also be built at run time (`badge payment-status-${status}`): it is written too by the files with a
//     string that ends with a start of it ending in "-" (`payment-status-`) or begins with an end of it beginning with
//     "-"; a class that no string holds whole or in such a piece is treated as written everywhere;
//   - a selector needs the classes of its compounds outside pseudo-classes (`.a:not(.b) .c` needs a and c);
//   - rules without a class (elements, :root, @font-face, @keyframes) belong to every part.
// A wrong guess in the safe direction only costs bytes. tests/e2e/page-css.spec.ts checks the other direction where it
// matters: each page's computed styles with its part alone equal those with the whole sheet.
import fs from 'node:fs';
import path from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';
import ts from 'typescript';

/**
 * What a file can write into a page's class attributes: the text of its string literals and of its template literals'
 * pieces (between the `${…}`), as TypeScript parses them, apart from the module paths of its imports and exports.
 * @returns {string[]}
 */
export function stringsOf(fileName, text) {
  const kind = /\.[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : /\.m?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const out = [];
  const visit = (node) => {
    // Module paths (`import … from '~/content/demo-accounts'`) name files, not classes.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isExternalModuleReference(node)) return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Classes a selector needs on the page to match anything. */
function neededClasses(selector) {
  const needed = [];
  selectorParser((root) => {
    root.each((sel) => {
      sel.each((node) => {
        if (node.type === 'class') needed.push(node.value);
      });
    });
  }).processSync(selector);
  return needed;
}

/**
 * @param {{ css: string, metafile: any, appDir: string, root: string, routes: { id: string, parentId?: string, file: string }[] }} input
 *   css: the built stylesheet; metafile: the server build's esbuild metafile (paths relative to root); appDir: the
 *   app folder; routes: the Remix config's routes (files relative to appDir).
 * @returns {{ sheets: string[], sheetOf: Record<string, number> }} the distinct parts and each route id's part.
 */
export function splitCss({ css, metafile, appDir, root, routes }) {
  const inputs = metafile.inputs;
  const files = Object.keys(inputs).filter((f) => f.startsWith('app/') && /\.(tsx?|jsx?|mjs)$/.test(f));
  const rel = (routeFile) => path.relative(root, path.join(appDir, routeFile)).split(path.sep).join('/');
  const byId = new Map(routes.map((r) => [r.id, r]));

  // Each file's readers: the route ids whose own module reaches it through imports.
  /** @type {Map<string, Set<string>>} */
  const readers = new Map(files.map((f) => [f, new Set()]));
  for (const route of routes) {
    const stack = [rel(route.file)];
    const seen = new Set();
    while (stack.length) {
      const f = stack.pop();
      if (seen.has(f) || !readers.has(f)) continue;
      seen.add(f);
      readers.get(f).add(route.id);
      for (const i of inputs[f].imports ?? []) stack.push(i.path);
    }
  }
  /** @type {Map<string, Set<string> | null>} word → route ids whose module (with imports) writes it; null: everywhere */
  const writtenBy = new Map();
  /** @type {Map<string, Set<string> | null>} a string's piece at a "-" edge ("status-", "-state") → the same */
  const piecesBy = new Map();
  const add = (map, key, who) => {
    if (!who || map.get(key) === null) return void map.set(key, null);
    const set = map.get(key) ?? new Set();
    for (const id of who) set.add(id);
    map.set(key, set);
  };
  for (const f of files) {
    const who = readers.get(f).size ? readers.get(f) : null;
    for (const string of stringsOf(f, fs.readFileSync(path.join(root, f), 'utf8')).map((t) => t.toLowerCase())) {
      for (const word of string.match(/[a-z_][\w-]*/g) ?? []) add(writtenBy, word, who);
      const start = string.match(/^-[\w-]+/)?.[0];
      const end = string.match(/[\w-]+-$/)?.[0];
      if (start) add(piecesBy, start, who);
      if (end) add(piecesBy, end, who);
    }
  }
  // Who writes a class of the sheet: the files whose strings hold it whole and those holding a piece of it (it may be
  // built at run time on one page and written whole on another); everywhere when neither is found.
  /** @type {Map<string, Set<string> | null>} */
  const writersOf = new Map();
  const writers = (name) => {
    const key = name.toLowerCase();
    if (writersOf.has(key)) return writersOf.get(key);
    /** @type {Set<string> | null | undefined} */
    let who = writtenBy.get(key);
    for (const [piece, set] of piecesBy) {
      if (who === null) break;
      const fits = key.length > piece.length && (piece.startsWith('-') ? key.endsWith(piece) : key.startsWith(piece));
      if (fits) who = set === null ? null : new Set([...(who ?? []), ...set]);
    }
    writersOf.set(key, who ?? null);
    return who ?? null;
  };
  const branch = (id) => {
    const ids = [];
    for (let r = byId.get(id); r; r = r.parentId ? byId.get(r.parentId) : undefined) ids.push(r.id);
    return ids;
  };
  /** Can a page (its branch) write a class? */
  const writes = (ids, name) => {
    const set = writers(name);
    return !set || ids.some((id) => set.has(id));
  };

  const parsed = postcss.parse(css);
  /** @type {{ rule: import('postcss').Rule, selectors: string[][] }[]} */
  const rules = [];
  parsed.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
    const selectors = rule.selector.split(/,(?![^(]*\))/).map(neededClasses);
    if (selectors.some((s) => s.length === 0)) return; // matches whatever classes a page writes
    rules.push({ rule, selectors });
  });

  const sheets = [];
  const indexOf = new Map();
  const sheetOf = {};
  for (const route of routes) {
    const ids = branch(route.id);
    const drop = rules.filter(({ selectors }) => !selectors.some((needs) => needs.every((c) => writes(ids, c))));
    const key = drop.map((d) => rules.indexOf(d)).join(',');
    if (!indexOf.has(key)) {
      const removed = new Set(drop.map((d) => d.rule));
      const sheet = parsed.clone();
      // clone() keeps the order, so the n-th rule of the clone is the n-th of the original.
      const originals = [];
      parsed.walkRules((r) => void originals.push(r));
      let n = 0;
      sheet.walkRules((r) => {
        if (removed.has(originals[n++])) r.remove();
      });
      for (let again = true; again;) {
        again = false;
        sheet.walkAtRules((at) => {
          if (at.nodes && at.nodes.length === 0) {
            at.remove();
            again = true;
          }
        });
      }
      indexOf.set(key, sheets.length);
      sheets.push(sheet.toString());
    }
    sheetOf[route.id] = indexOf.get(key);
  }
  return { sheets, sheetOf };
}

// As a worker thread (scripts/build.mjs): the split is made beside the scripts' re-bundling, on the other core.
if (!isMainThread && parentPort && workerData?.splitCss) parentPort.postMessage(splitCss(workerData.splitCss));
