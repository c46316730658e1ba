import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repeatedPairs } from '../../scripts/lib/repeats';

// `npm run shape`'s count of repeated code: a run of six identical lines of code in two places is one pair; five lines,
// or six that differ in a name, are none; comments, blank lines, imports and punctuation do not make a run.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'repeats-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const body = (n: number, name = 'total') =>
  Array.from({ length: n }, (_, i) => `  const ${name}${i} = compute(${i}, 'step ${i}');`).join('\n');

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(root, 'tree-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('repeatedPairs', () => {
  it('counts two files sharing six lines of code as one pair', () => {
    const dir = tree({ 'a.ts': `function a() {\n${body(6)}\n}\n`, 'b.ts': `function b() {\n  // a comment\n${body(6)}\n}\n` });
    expect(repeatedPairs(dir).pairs).toBe(1);
  });
  it('counts no pair for five shared lines, or six of other names', () => {
    expect(repeatedPairs(tree({ 'a.ts': body(5), 'b.ts': body(5) })).pairs).toBe(0);
    expect(repeatedPairs(tree({ 'a.ts': body(6), 'b.ts': body(6, 'sum') })).pairs).toBe(0);
  });
  it('does not make a run of blank lines, imports and punctuation', () => {
    const filler = ["import { x } from './x';", '', '}', '));', '</div>', '// note', '{', ')'].join('\n');
    expect(repeatedPairs(tree({ 'a.ts': `${filler}\n${body(5)}`, 'b.ts': `${filler}\n${body(5)}` })).pairs).toBe(0);
  });
});
