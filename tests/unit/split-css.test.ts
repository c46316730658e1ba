import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { splitCss } from '../../scripts/lib/split-css.mjs';

// The stylesheet split of the build (docs/decisions/028, "Stylesheet") on a made-up app: a page's part keeps the
// rules its branch's files (and what they import) can match, in the sheet's order, and nothing else.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'split-css-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const inputs: Record<string, { imports: { path: string }[] }> = {};
function file(rel: string, text: string, imports: string[] = []) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
  inputs[rel] = { imports: imports.map((p) => ({ path: p })) };
}
file('app/root.tsx', '<div className="shell" />', ['app/components/shared.tsx']);
file('app/components/shared.tsx', 'export const cls = "card";');
file('app/components/only-b.tsx', '<div className="chart bar-x" />');
file('app/routes/a+/_layout.tsx', '<nav className="a-nav" />');
file('app/routes/a+/page.tsx', '<p className="a-page">dynamic badge-</p>');
file('app/routes/b+/page.tsx', '<p className="b-page" />', ['app/components/only-b.tsx']);
file('app/lib/unreached.ts', 'const x = "orphan";');

const routes = [
  { id: 'root', file: 'root.tsx' },
  { id: 'routes/a+/_layout', parentId: 'root', file: 'routes/a+/_layout.tsx' },
  { id: 'routes/a+/page', parentId: 'routes/a+/_layout', file: 'routes/a+/page.tsx' },
  { id: 'routes/b+/page', parentId: 'root', file: 'routes/b+/page.tsx' },
];
const css = [
  'body{margin:0}',
  '.shell{x:1}',
  '.card{x:2}',
  '.a-nav .a-page{x:3}',
  '.a-page,.b-page{x:4}',
  '.chart{x:5}',
  '.a-page .chart{x:6}',
  '.card:not(.a-nav){x:7}',
  '@media (max-width:600px){.b-page{x:8}.shell{x:9}}',
  '@media print{.a-nav{x:10}}',
  '.badge-ok{x:11}',
  '.orphan{x:12}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
].join('');

it("keeps each page's rules, in order, and drops the others", () => {
  const { sheets, sheetOf } = splitCss({ css, metafile: { inputs }, appDir: path.join(root, 'app'), root, routes });
  const a = sheets[sheetOf['routes/a+/page']];
  const b = sheets[sheetOf['routes/b+/page']];
  const common = ['body{margin:0}', '.shell{x:1}', '.card{x:2}'];
  expect(a).toBe(
    [
      ...common,
      '.a-nav .a-page{x:3}',
      '.a-page,.b-page{x:4}',
      '.card:not(.a-nav){x:7}',
      '@media (max-width:600px){.shell{x:9}}',
      '@media print{.a-nav{x:10}}',
      // Built at run time (no file writes it whole), and written by a file no route imports: kept everywhere.
      '.badge-ok{x:11}',
      '.orphan{x:12}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
    ].join(''),
  );
  expect(b).toBe(
    [
      ...common,
      '.a-page,.b-page{x:4}',
      '.chart{x:5}',
      '.card:not(.a-nav){x:7}',
      '@media (max-width:600px){.b-page{x:8}.shell{x:9}}',
      '.badge-ok{x:11}',
      '.orphan{x:12}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
    ].join(''),
  );
  // A layout is a page too: it has its own part (it matches its own files and the root's).
  expect(sheets[sheetOf['routes/a+/_layout']]).not.toContain('.a-page,.b-page');
});

// Only a string can become a class: a word in a name, a comment, JSX text, an element's tag or a module path writes
// nothing; a class built at run time is written by the files holding its piece at a "-" edge.
it('counts the classes a page can write from its strings only, and pieces of those built at run time', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'split-css-strings-'));
  try {
    const ins: typeof inputs = {};
    const put = (rel: string, text: string, imports: string[] = []) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
      ins[rel] = { imports: imports.map((p) => ({ path: p })) };
    };
    put(
      'app/root.tsx',
      [
        "import { DEMO } from '~/content/demo-list';",
        '// the table of contents',
        'const section = 1;',
        'export default () => <section className="shell">tabs {section}</section>;',
      ].join('\n'),
      ['app/content/demo-list.ts'],
    );
    put('app/content/demo-list.ts', 'export const DEMO = [];');
    put(
      'app/routes/a.tsx',
      [
        "const MEDAL = 'GOLD';",
        'export default ({ s }) => <span className={`badge pay-${s} ${MEDAL.toLowerCase()}`} title={"x " + \'row-\' + s} />;',
      ].join('\n'),
    );
    put('app/routes/b.tsx', "export default ({ on }) => <b className={on ? 'tab on' : 'tab'} data-x={`${on}-end`} />;");
    put('app/routes/c.tsx', 'export default () => <p className="section table tabs demo-list pay pay-2" />;');
    const css = [
      '.shell{x:1}',
      '.section{x:2}',
      '.table{x:3}',
      '.tabs{x:4}',
      '.demo-list{x:5}',
      '.badge.pay-1{x:6}',
      '.row-7{x:7}',
      '.tab.on{x:8}',
      '.a-end{x:9}',
      '.pay{x:10}',
      '.wholly-dynamic{x:11}',
      '.gold{x:12}',
      '.pay-2{x:13}',
    ].join('');
    const routes = [
      { id: 'root', file: 'root.tsx' },
      { id: 'routes/a', parentId: 'root', file: 'routes/a.tsx' },
      { id: 'routes/b', parentId: 'root', file: 'routes/b.tsx' },
      { id: 'routes/c', parentId: 'root', file: 'routes/c.tsx' },
    ];
    const { sheets, sheetOf } = splitCss({ css, metafile: { inputs: ins }, appDir: path.join(dir, 'app'), root: dir, routes });
    // .wholly-dynamic: no string holds it or a piece of it, so it may be built anywhere and stays on every page.
    // .gold: written in upper case and lowered at run time; .pay-2: written whole by c, built from `pay-` by a.
    expect(sheets[sheetOf['routes/a']]).toBe('.shell{x:1}.badge.pay-1{x:6}.row-7{x:7}.wholly-dynamic{x:11}.gold{x:12}.pay-2{x:13}');
    expect(sheets[sheetOf['routes/b']]).toBe('.shell{x:1}.tab.on{x:8}.a-end{x:9}.wholly-dynamic{x:11}');
    // Written whole by c's string: no longer by the root's name, comment, JSX text, tag or import path.
    expect(sheets[sheetOf['routes/c']]).toBe(
      '.shell{x:1}.section{x:2}.table{x:3}.tabs{x:4}.demo-list{x:5}.pay{x:10}.wholly-dynamic{x:11}.pay-2{x:13}',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
