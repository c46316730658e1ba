import { createRequire } from 'node:module';
import { matchRoutes as originalMatchRoutes } from '@remix-run/router';
import { describe, expect, it, vi } from 'vitest';
import { cachedMatchRoutes, installRouteMatchCache } from '~/lib/route-match-cache.server';

const require = createRequire(import.meta.url);

function table() {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'routes/_index', index: true },
        { id: 'routes/user+/activity', path: 'user/activity' },
        { id: 'routes/user+/activity.readingBook.$id', path: 'user/activity/readingBook/:id' },
        { id: 'routes/$', path: '*' },
      ],
    },
  ];
}

describe('the route match cache', () => {
  it('matches as the router does, with the objects of the table it is given', () => {
    const match = cachedMatchRoutes(originalMatchRoutes as never);
    for (const path of ['/', '/user/activity', '/user/activity/readingBook/42', '/nowhere/at/all']) {
      const routes = table();
      const expected = originalMatchRoutes(routes, path)!;
      const got = match(routes, path)!;
      expect(got.map((m) => [m.route.id, m.params, m.pathname, m.pathnameBase])).toEqual(
        expected.map((m) => [m.route.id, m.params, m.pathname, m.pathnameBase]),
      );
      // A second tree built from the same routes (the render builds one per request) gets its own route objects.
      const again = table();
      const own = new Set<unknown>([again[0], ...again[0].children!]);
      for (const m of match(again, path)!) expect(own.has(m.route)).toBe(true);
    }
  });

  it('computes the matches of a path once per table, and hands out copies', () => {
    const original = vi.fn(originalMatchRoutes as never) as never;
    const match = cachedMatchRoutes(original);
    const first = match(table(), '/user/activity/readingBook/7')!;
    first.at(-1)!.params.id = 'changed';
    const second = match(table(), { pathname: '/user/activity/readingBook/7' })!;
    expect(second.at(-1)!.params).toEqual({ id: '7' });
    match(table(), '/user/activity/readingBook/8');
    expect(vi.mocked(original)).toHaveBeenCalledTimes(2);
    // A changed table is another table.
    const changed = table();
    changed[0].children!.push({ id: 'routes/new', path: 'new' });
    match(changed, '/user/activity/readingBook/7');
    expect(vi.mocked(original)).toHaveBeenCalledTimes(3);
  });

  it('is what Remix and React Router call once installed', () => {
    expect(installRouteMatchCache()).toBe(true);
    const router = require('@remix-run/router');
    expect(router.matchRoutes.cached).toBe(true);
    // The callers read the export at call time: server-runtime's matcher, react-router's useRoutes, the partial manifest.
    for (const file of ['@remix-run/server-runtime/dist/routeMatching.js', '@remix-run/react/dist/fog-of-war.js']) {
      expect(require('node:fs').readFileSync(require.resolve(file), 'utf8')).toMatch(/\brouter\.matchRoutes\(/);
    }
    expect(require('react-router').matchRoutes).toBe(router.matchRoutes);
  });
});
