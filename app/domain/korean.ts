// Korean particles chosen by the word they follow, so that messages never show '을(를)' or '(으)로'.

const HANGUL_START = 0xac00;
const HANGUL_END = 0xd7a3;

const RIEUL = 8;
const MIEUM = 16;

/** How Korean reads a final digit or Latin letter: 0 영, 1 일, 3 삼, 6 육 … end in a consonant; L 엘, M 엠, N 엔, R 알 too. */
const SPOKEN_FINALS: Record<string, number> = {
  0: 21,
  1: RIEUL,
  2: 0,
  3: MIEUM,
  4: 0,
  5: 0,
  6: 1,
  7: RIEUL,
  8: RIEUL,
  9: 0,
  l: RIEUL,
  m: MIEUM,
  n: 4,
  r: RIEUL,
};

/**
 * The final consonant index of the word's last syllable as it is read (0: none), or null when it ends in neither Hangul,
 * a digit nor a Latin letter. Closing quotes and brackets are passed over.
 */
function finalOf(word: string): number | null {
  const last = word
    .trim()
    .replace(/['"’”)\]}』」>]+$/, '')
    .slice(-1);
  if (/^[0-9]$/.test(last)) return SPOKEN_FINALS[last];
  if (/^[a-z]$/i.test(last)) return SPOKEN_FINALS[last.toLowerCase()] ?? 0;
  const code = last.charCodeAt(0);
  if (Number.isNaN(code) || code < HANGUL_START || code > HANGUL_END) return null;
  return (code - HANGUL_START) % 28;
}

/**
 * The word with its particle: withParticle('사용 중', '으로/로') → '사용 중으로', withParticle('완료', '을/를') → '완료를'.
 * '으로/로' takes '로' after ㄹ as well. Digits and Latin letters are read as Korean says them ('L4가', '500으로', 'HAEORUM으로');
 * any other ending gets the form written after a consonant.
 */
export function withParticle(word: string, pair: '을/를' | '이/가' | '은/는' | '과/와' | '으로/로'): string {
  const [afterConsonant, afterVowel] = pair.split('/');
  const final = finalOf(word);
  if (final === null) return `${word}${afterConsonant}`;
  if (pair === '으로/로') return `${word}${final === 0 || final === RIEUL ? afterVowel : afterConsonant}`;
  return `${word}${final === 0 ? afterVowel : afterConsonant}`;
}
