// Repeated code, as `npm run shape` counts it: places where two files (or two parts of one file) share a run of at
// least six identical lines of code. Lines are compared with their indentation folded; blank lines, comments, imports
// and lines of punctuation alone (`}`, `))}`, `</div>` …) are passed over, so a run is six lines that say something.
// A line that stands in more than eight places is boilerplate of the language, not a copy: runs through it are not
// counted. The figure is the number of pairs of places (file and file, or a file with itself) that share at least one
// run. It finds copies to the letter only: code of the same shape with other names is not counted.
import fs from 'node:fs';
import path from 'node:path';

const RUN = 6;
const MOST_PLACES = 8;

/** The lines of `text` that count, each with its line number. */
function meaningfulLines(text: string): { line: string; at: number }[] {
  const out: { line: string; at: number }[] = [];
  let inBlock = false;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim().replace(/\s+/g, ' ');
    if (inBlock) {
      if (line.includes('*/')) inBlock = false;
      return;
    }
    if (line.startsWith('/*')) {
      if (!line.includes('*/')) inBlock = true;
      return;
    }
    if (line === '' || line.startsWith('//') || line.startsWith('* ') || line === '*') return;
    if (/^import\b/.test(line) || /^} from '/.test(line)) return;
    // Punctuation, closing tags and fragments alone.
    if (/^(?:[\s{}()[\];,.:?<>/=]|<\/[\w.]*>|<>|<\/>)*$/.test(line)) return;
    out.push({ line, at: i + 1 });
  });
  return out;
}

/**
 * Pairs of places sharing a run of `RUN` identical meaningful lines, over the source files below `dir` (.ts, .tsx,
 * .mjs, .css). Returns their count and the longest few, for a look.
 */
export function repeatedPairs(dir: string): { pairs: number; longest: string[] } {
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => path.join(dir, f))
    .filter((f) => /\.(tsx?|mjs|css)$/.test(f) && fs.statSync(f).isFile());
  const lines = new Map(files.map((f) => [f, meaningfulLines(fs.readFileSync(f, 'utf8'))]));
  // Where each line stands, to leave out the language's boilerplate.
  const placesOfLine = new Map<string, number>();
  for (const list of lines.values()) for (const { line } of list) placesOfLine.set(line, (placesOfLine.get(line) ?? 0) + 1);
  // Every window of RUN lines, by its text.
  const windows = new Map<string, { file: string; index: number }[]>();
  for (const [file, list] of lines) {
    for (let i = 0; i + RUN <= list.length; i++) {
      const slice = list.slice(i, i + RUN);
      if (slice.every(({ line }) => placesOfLine.get(line)! > MOST_PLACES)) continue;
      const key = slice.map(({ line }) => line).join('\n');
      if (!windows.has(key)) windows.set(key, []);
      windows.get(key)!.push({ file, index: i });
    }
  }
  // Pairs of places: the files of every two places of a window (not a window with itself shifted by a line).
  const runLength = new Map<string, number>();
  for (const places of windows.values()) {
    if (places.length < 2 || places.length > MOST_PLACES) continue;
    for (let a = 0; a < places.length; a++) {
      for (let b = a + 1; b < places.length; b++) {
        const [p, q] = [places[a], places[b]].sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : x.index - y.index));
        if (p.file === q.file && q.index - p.index < RUN) continue;
        const key = `${path.relative(dir, p.file)} ~ ${path.relative(dir, q.file)}`;
        runLength.set(key, (runLength.get(key) ?? 0) + 1);
      }
    }
  }
  const longest = [...runLength]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 5)
    .map(([key, n]) => `${key} (${n + RUN - 1} lines)`);
  return { pairs: runLength.size, longest };
}
