import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../server/node-flags.mjs';

// Every way of starting the web server gives Node.js the same flags (server/node-flags.mjs).
describe('the web server’s Node.js flags', () => {
  it('are the same for npm start, npm run serve, npm run perf and the container', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=32');
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    expect(pkg.scripts.serve).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} server/index.mjs`);
    expect(fs.readFileSync('Dockerfile', 'utf8')).toContain(
      `CMD [${['node', ...SERVER_NODE_FLAGS, 'server/index.mjs'].map((a) => JSON.stringify(a)).join(', ')}]`,
    );
    for (const script of ['scripts/start.mjs', 'scripts/perf.ts']) {
      expect(fs.readFileSync(script, 'utf8'), script).toMatch(
        /spawn\(\s*(process\.env\.SERVER_NODE \|\| )?process\.execPath,\s*\[\.\.\.SERVER_NODE_FLAGS, /,
      );
    }
  });
});
