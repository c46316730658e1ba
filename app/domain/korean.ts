// Korean particles chosen by the word they follow, so that messages never show '을(를)' or '(으)로'.

const HANGUL_START = 0xac00;
const HANGUL_END = 0xd7a3;

/** The final consonant index of the word's last Hangul syllable (0: none), or null when it does not end in Hangul. */
function finalOf(word: string): number | null {
  const last = word
    .trim()
    .replace(/['"’”)\]]+$/, '')
    .slice(-1);
  const code = last.charCodeAt(0);
  if (Number.isNaN(code) || code < HANGUL_START || code > HANGUL_END) return null;
  return (code - HANGUL_START) % 28;
}

const RIEUL = 8;

/**
 * The word with its particle: withParticle('사용 중', '으로/로') → '사용 중으로', withParticle('완료', '을/를') → '완료를'.
 * '으로/로' takes '로' after ㄹ as well. A word not ending in Hangul gets the form written after a consonant.
 */
export function withParticle(word: string, pair: '을/를' | '이/가' | '은/는' | '과/와' | '으로/로'): string {
  const [afterConsonant, afterVowel] = pair.split('/');
  const final = finalOf(word);
  if (final === null) return `${word}${afterConsonant}`;
  if (pair === '으로/로') return `${word}${final === 0 || final === RIEUL ? afterVowel : afterConsonant}`;
  return `${word}${final === 0 ? afterVowel : afterConsonant}`;
}
