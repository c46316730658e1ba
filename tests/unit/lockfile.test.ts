import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The security pins of the dependency tree: package.json's overrides hold in the lockfile, and every copy of a
// package with a known advisory is at or above its fixed version. A dependency update that brings an older copy back
// fails here before it ships.

type Lock = { packages: Record<string, { version?: string; dev?: boolean; resolved?: string }> };
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { overrides: Record<string, string> };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;

function copies(name: string) {
  return Object.entries(lock.packages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([path, entry]) => ({ path, version: entry.version ?? '' }));
}

function atLeast(version: string, minimum: string) {
  const a = version.split(/[.-]/).slice(0, 3).map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

/** Fixed versions of advisories that touched this tree (the minimum for every copy, runtime or build). */
const MINIMUMS: Record<string, string> = {
  '@remix-run/router': '1.23.2', // open redirects and path handling (react-router 6 line)
  'react-router': '6.30.2',
  'react-router-dom': '6.30.2',
  '@remix-run/node': '2.17.2',
  '@remix-run/server-runtime': '2.17.2',
  cookie: '0.7.0', // CVE-2024-47764: cookie names and values out of bounds
  'crypto-js': '4.2.0', // CVE-2023-46233: weak PBKDF2 defaults (the honeypot's timestamp encryption)
  'path-to-regexp': '0.1.12', // CVE-2024-52798: ReDoS
  send: '0.19.0', // CVE-2024-43799: template injection in redirects
  'serve-static': '1.16.0', // CVE-2024-43800
  'body-parser': '1.20.3', // CVE-2024-45590: DoS with url-encoded bodies
  express: '4.20.0', // CVE-2024-43796
  'on-headers': '1.1.0', // CVE-2025-7339
  braces: '3.0.3', // CVE-2024-4068
  'cross-spawn': '7.0.5', // CVE-2024-21538: ReDoS
  undici: '6.21.1', // CVE-2025-22150: predictable multipart boundaries
  sharp: '0.32.6', // CVE-2023-4863: libwebp heap overflow
  ws: '7.5.10', // CVE-2024-37890: DoS with many headers
  tar: '6.2.1', // CVE-2024-28863
  nanoid: '3.3.8', // CVE-2024-55565
  rollup: '4.22.4', // CVE-2024-47068: DOM clobbering in bundles
};

describe('lockfile pins', () => {
  it('pins the overrides of package.json exactly, and every copy in the lockfile follows them', () => {
    expect(pkg.overrides).toMatchObject({ 'react-router': '6.30.6', 'react-router-dom': '6.30.6', '@remix-run/router': '1.23.4' });
    for (const [name, version] of Object.entries(pkg.overrides)) {
      const found = copies(name);
      expect(found.length, name).toBeGreaterThan(0);
      for (const c of found) expect(c.version, c.path).toBe(version);
    }
  });

  it.each(Object.entries(MINIMUMS))('every copy of %s is at least %s', (name, minimum) => {
    for (const c of copies(name)) expect(atLeast(c.version, minimum), `${c.path}@${c.version}`).toBe(true);
  });

  it('names the packages the app depends on at runtime', () => {
    for (const name of ['@remix-run/router', 'cookie', 'crypto-js', 'sharp', 'undici'])
      expect(copies(name).length, name).toBeGreaterThan(0);
  });

  it('carries no registry addresses (installs use the configured registry)', () => {
    for (const [path, entry] of Object.entries(lock.packages)) expect(entry.resolved, path).toBeUndefined();
  });
});
