import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOSSARY } from '~/domain/glossary';
import { SPEC_MESSAGES } from '~/messages';

// Every text the product shows (pages, messages, seeded notices and FAQ, policies, API descriptions) writes each term
// of the glossary one way. Sources are read without their comments: a comment is not shown to anyone.

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx|md)$/.test(entry.name)) yield full;
  }
}

/** The text of a source without its comments (block comments, JSX comments, and line comments not inside a URL). */
export function withoutComments(text: string, file: string): string {
  if (file.endsWith('.md')) return text;
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const uiText = [...sources('app')]
  .filter((file) => file !== path.join('app', 'domain', 'glossary.ts'))
  .map((file) => ({ file, text: withoutComments(fs.readFileSync(file, 'utf8'), file) }));

describe('the glossary', () => {
  it('lists each spelling once, never a term as another term’s variant', () => {
    const terms = GLOSSARY.map((g) => g.term);
    const variants = GLOSSARY.flatMap((g) => g.variants);
    expect(new Set([...terms, ...variants]).size).toBe(terms.length + variants.length);
  });

  it('agrees with the specification’s verbatim messages, which fix a term’s spelling where they write it', () => {
    const spec = Object.values(SPEC_MESSAGES).join('\n');
    for (const { term, variants } of GLOSSARY) for (const variant of variants) expect(spec, term).not.toContain(variant);
    expect(spec).toContain('독서활동을 설정해 주세요.');
  });

  it('fails on a second spelling of a term anywhere in the product’s text', () => {
    const found: string[] = [];
    for (const { file, text } of uiText)
      for (const { term, variants } of GLOSSARY)
        for (const variant of variants) if (text.includes(variant)) found.push(`${file}: '${variant}' (write '${term}')`);
    expect(found).toEqual([]);
  });

  it('finds a variant in a page, and passes a comment', () => {
    const page = withoutComments("<h2>읽기 방법</h2> // 읽기 방법 of the book\n/* 개인회원 */ const url = 'https://x'; ", 'x.tsx');
    expect(page).toContain('읽기 방법');
    expect(page).not.toContain('개인회원');
    expect(page).toContain('https://x');
    expect(page.match(/읽기 방법/g)).toHaveLength(1);
  });
});

describe('particles', () => {
  // A particle written for both endings ('을(를)', '(으)로') where the product knows the word: withParticle picks one.
  const BRACKETED =
    /을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|\(으\)로|와\(과\)|과\(와\)|\(이\)[나라며여]|\(이\)에요|아\(야\)|\(아\)야/;

  it('no text of the product carries a bracketed particle', () => {
    const found = uiText.filter(({ text }) => BRACKETED.test(text)).map(({ file, text }) => `${file}: ${text.match(BRACKETED)![0]}`);
    expect(found).toEqual([]);
  });

  it('finds one in a message', () => {
    expect(BRACKETED.test("`'${name}'을(를) 만들었습니다.`")).toBe(true);
    expect(BRACKETED.test('`${branch}(으)로 옮겼습니다.`')).toBe(true);
    expect(BRACKETED.test("`'하늘반'이 이미 있습니다.`")).toBe(false);
  });
});
