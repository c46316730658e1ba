import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildGzip, buildInputsHash, buildIsCurrent, writeBuildStamp } from '../../scripts/lib/build-inputs.mjs';
import { requireProductionBuild } from '../../scripts/lib/page-weight';

// `npm start` builds again only when the build's inputs changed (scripts/lib/build-inputs.mjs): here on a small tree
// of its own, with a build in place and the stamp a build leaves.
let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
  write('app/root.tsx', 'export default function Root() {}\n');
  write('app/routes/landing.tsx', 'export default function Landing() {}\n');
  write('public/favicon.svg', '<svg/>');
  write('package-lock.json', '{}');
  write('remix.config.js', 'export default {};');
  write('build/index.js', '// server build');
  write('public/build/_assets/root.js', '// client build');
  writeBuildStamp(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the build is current', () => {
  it('when nothing changed, whatever the timestamps say', () => {
    expect(buildIsCurrent(root)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'app/root.tsx'), later, later);
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('not when a source file, the lockfile or the compiler configuration changed', () => {
    for (const [file, text] of [
      ['app/routes/landing.tsx', 'export default function Landing() { return 1; }\n'],
      ['package-lock.json', '{"lockfileVersion":3}'],
      ['remix.config.js', 'export default { future: {} };'],
    ] as const) {
      const before = fs.readFileSync(path.join(root, file), 'utf8');
      write(file, text);
      expect(buildIsCurrent(root), file).toBe(false);
      write(file, before);
      expect(buildIsCurrent(root), `${file} restored`).toBe(true);
    }
  });

  it('not when a source file is added or removed', () => {
    write('app/routes/new-page.tsx', 'export default function NewPage() {}\n');
    expect(buildIsCurrent(root)).toBe(false);
    fs.rmSync(path.join(root, 'app/routes/new-page.tsx'));
    expect(buildIsCurrent(root)).toBe(true);
    fs.rmSync(path.join(root, 'app/routes/landing.tsx'));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('whatever the build wrote into public/build, but not when the build is gone or unstamped', () => {
    write('public/build/_assets/other.js', '// more output');
    expect(buildIsCurrent(root)).toBe(true);
    fs.rmSync(path.join(root, 'build/index.js'));
    expect(buildIsCurrent(root)).toBe(false);
    write('build/index.js', '// server build');
    fs.rmSync(path.join(root, 'build/build-inputs.json'));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('for the mode it was built in', () => {
    expect(buildInputsHash(root, 'production')).not.toBe(buildInputsHash(root, 'test'));
  });
});

describe("how the build's .gz files were written", () => {
  it("is recorded: npm start's quick build (zlib) is current too, but the budget refuses it", () => {
    expect(buildGzip(root)).toBe('zopfli');
    expect(() => requireProductionBuild(root)).not.toThrow();
    writeBuildStamp(root, buildInputsHash(root), 'zlib');
    expect(buildGzip(root)).toBe('zlib');
    expect(buildIsCurrent(root)).toBe(true);
    expect(() => requireProductionBuild(root)).toThrow(/npm run build/);
  });

  it('a stamp from before the quick build was Zopfli; no stamp, no build', () => {
    fs.writeFileSync(path.join(root, 'build/build-inputs.json'), JSON.stringify({ hash: buildInputsHash(root) }));
    expect(buildGzip(root)).toBe('zopfli');
    fs.rmSync(path.join(root, 'build/build-inputs.json'));
    expect(buildGzip(root)).toBeNull();
  });
});
