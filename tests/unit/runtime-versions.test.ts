import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_NODE_MAJOR, PRODUCTION_NODE_RELEASE, SERVER_NODE_FLAGS } from '../../server/node-flags.mjs';

// The Node.js lines the product supports (docs/decisions/034-node-versions.md): production on the LTS line of
// server/node-flags.mjs, development and CI machines on Node.js 20. `docker build` cannot run here, so the Dockerfile is
// read: its images, its start command and the engines field must agree with node-flags.mjs and the decision.
const dockerfile = readFileSync('Dockerfile', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const decision = readFileSync('docs/decisions/034-node-versions.md', 'utf8');

/** Whether a version satisfies an engines range made of `^x.y.z` and `>=x[.y.z]` alternatives (the forms we write). */
function satisfies(version: string, range: string): boolean {
  const [major, minor, patch] = version.split('.').map(Number);
  const at = (v: string) => {
    const [a = 0, b = 0, c = 0] = v.split('.').map(Number);
    return major !== a ? major - a : minor !== b ? minor - b : patch - c;
  };
  return range.split('||').some((part) => {
    const alt = part.trim();
    if (alt.startsWith('^')) return Number(alt.slice(1).split('.')[0]) === major && at(alt.slice(1)) >= 0;
    if (alt.startsWith('>=')) return at(alt.slice(2)) >= 0;
    throw new Error(`an engines form this check does not read: ${alt}`);
  });
}

describe('runtime versions', () => {
  it('the image builds and runs on the production line, every stage', () => {
    const images = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]).filter((image) => image.startsWith('node:'));
    expect(images.length).toBe(3);
    for (const image of images) expect(image).toBe(`node:${PRODUCTION_NODE_MAJOR}-bookworm-slim`);
    expect(PRODUCTION_NODE_RELEASE.startsWith(`${PRODUCTION_NODE_MAJOR}.`)).toBe(true);
  });

  it("the image starts the server as npm start does, with the server's flags", () => {
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(dockerfile)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...SERVER_NODE_FLAGS, 'server/index.mjs']);
  });

  it('the engines field admits the production line, the machines’ Node.js 20 and this run', () => {
    expect(satisfies(PRODUCTION_NODE_RELEASE, pkg.engines.node)).toBe(true);
    expect(satisfies('20.19.0', pkg.engines.node)).toBe(true);
    expect(satisfies(process.versions.node, pkg.engines.node)).toBe(true);
    expect(satisfies('20.10.0', pkg.engines.node)).toBe(false);
    expect(satisfies('18.20.0', pkg.engines.node)).toBe(false);
  });

  it('the decision names the same lines, and CI fetches the production release', () => {
    expect(decision).toContain(`Node.js ${PRODUCTION_NODE_MAJOR}`);
    expect(decision).toContain(pkg.engines.node);
    expect(readFileSync('.ci/run', 'utf8')).toContain('PRODUCTION_NODE_RELEASE');
  });
});
