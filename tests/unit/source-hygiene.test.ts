import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx|css|md|sql|json)$/.test(entry.name)) yield full;
  }
}

describe('source tree', () => {
  it('holds no unresolved merge markers', () => {
    const offenders: string[] = [];
    for (const dir of ['app', 'tests', 'drizzle', 'docs', 'scripts']) {
      for (const file of files(dir)) {
        if (/^(<{7}|>{7}) /m.test(fs.readFileSync(file, 'utf8'))) offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps server-only modules out of browser code: route modules create no cookies or sessions at module level', () => {
    const offenders: string[] = [];
    for (const file of files('app/routes')) {
      if (file.includes('.server.') || file.includes('/api+/')) continue;
      const text = fs.readFileSync(file, 'utf8');
      if (/^const \w+ = create(Cookie|CookieSessionStorage)\(/m.test(text)) offenders.push(file);
      // The browser build drops `export function loader/action`, but runs `export const loader = make(…)`.
      if (/^export const (loader|action)\b[^=]*= *\w+\(/m.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
