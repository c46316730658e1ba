import { createRequire } from 'node:module';
import { createStaticHandler, matchRoutes as originalMatchRoutes } from '@remix-run/router';
import { describe, expect, it, vi } from 'vitest';
import {
  branchStaticHandlers,
  cachedMatchRoutes,
  installRouteMatchCache,
  rememberedDataRoutes,
  rememberedEntryRouteModules,
  rememberedServerRoutes,
} from '~/web/route-match-cache.server';

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

  it('runs the loaders and actions of a path as the handler of the whole table does', async () => {
    const loader = (id: string) => () => ({ id });
    const dataTable = () => [
      {
        id: 'root',
        path: '',
        loader: loader('root'),
        children: [
          { id: 'index', index: true, loader: loader('index') },
          {
            id: 'user',
            path: 'user',
            loader: loader('user'),
            children: [
              { id: 'user-index', index: true, loader: loader('user-index'), action: () => ({ posted: 'user-index' }) },
              { id: 'book', path: 'book/:id', loader: ({ params }: { params: { id: string } }) => ({ book: params.id }) },
              { id: 'book-new', path: 'book/new', loader: loader('book-new'), action: () => ({ posted: 'book-new' }) },
            ],
          },
          { id: 'splat', path: '*', loader: loader('splat') },
        ],
      },
    ];
    const whole = createStaticHandler(dataTable() as never);
    // Each handler built, by the number of routes it was given.
    const sizes: number[] = [];
    const count = (routes: { children?: unknown[] }[]): number => routes.reduce((n, r) => n + 1 + count((r.children ?? []) as never), 0);
    const create = (routes: never, options: never) => (sizes.push(count(routes)), createStaticHandler(routes, options));
    const branched = branchStaticHandlers(create as never, cachedMatchRoutes(originalMatchRoutes as never))(dataTable() as never);
    const summary = (context: unknown) => {
      if (context instanceof Response) return { status: context.status };
      const c = context as { matches: { route: { id: string } }[]; loaderData: unknown; actionData: unknown; statusCode: number };
      return { ids: c.matches.map((m) => m.route.id), loaderData: c.loaderData, actionData: c.actionData, status: c.statusCode };
    };
    const requests = () => [
      new Request('http://x/'),
      new Request('http://x/user'),
      new Request('http://x/user/book/7'),
      new Request('http://x/user/book/new'),
      new Request('http://x/elsewhere/deep'),
      new Request('http://x/user/book/new', { method: 'POST', body: new URLSearchParams({ a: '1' }) }),
      new Request('http://x/user?index', { method: 'POST', body: new URLSearchParams({ a: '1' }) }),
    ];
    const [a, b] = [requests(), requests()];
    for (let i = 0; i < a.length; i += 1) {
      expect(summary(await branched.query(b[i])), a[i].url).toEqual(summary(await whole.query(a[i])));
    }
    // The whole table once, then one chain per matched path: /user/book/7 is root → user → book.
    expect(sizes[0]).toBe(7);
    expect(sizes.slice(1)).toContain(3);
    expect(Math.max(...sizes.slice(1))).toBeLessThanOrEqual(3);
    const route = (url: string, routeId: string) => [new Request(url), { routeId }] as const;
    for (const [url, routeId] of [
      ['http://x/user/book/7', 'book'],
      ['http://x/user/book/7', 'user'],
      ['http://x/user', 'book'],
    ] as const) {
      const got = await branched.queryRoute(...route(url, routeId)).catch((e: Response) => e.status);
      const want = await whole.queryRoute(...route(url, routeId)).catch((e: Response) => e.status);
      expect(got, `${url} ${routeId}`).toEqual(want);
    }
  });

  it('makes the render routes once per build and hands the same ones out, with the data routes and their manifest', () => {
    const { createServerRoutes } = require('@remix-run/react/dist/routes.js') as { createServerRoutes: (...args: any[]) => any };
    const { UNSAFE_convertRoutesToDataRoutes: convert } = require('@remix-run/router') as {
      UNSAFE_convertRoutesToDataRoutes: (...args: any[]) => any;
    };
    const { UNSAFE_mapRouteProperties: mapRouteProperties } = require('react-router');
    const manifest = {
      root: { id: 'root', path: '', hasLoader: true },
      'routes/a': { id: 'routes/a', parentId: 'root', path: 'a', hasLoader: true },
      'routes/a.b': { id: 'routes/a.b', parentId: 'routes/a', path: 'b', hasLoader: false },
      'routes/_index': { id: 'routes/_index', parentId: 'root', index: true, hasLoader: false },
    };
    const Page = () => null;
    const modules = {
      root: { default: Page },
      'routes/a': { default: Page, handle: { hydrate: false } },
      'routes/a.b': { default: Page },
      'routes/_index': { default: Page },
    };
    const future = {};
    const made = vi.fn(createServerRoutes);
    const remembered = rememberedServerRoutes(made);
    // Remix builds the route modules object per request, from the build's modules.
    const first = remembered(manifest, { ...modules }, future, false);
    type Made = { id?: string; path?: string; index?: boolean; handle?: unknown; loader?: unknown; Component?: unknown; children?: Made[] };
    const strip = (routes: Made[]): unknown =>
      routes.map((r) => [r.id, r.path, r.index, r.handle, typeof r.loader, r.Component, r.children && strip(r.children)]);
    expect(strip(first)).toEqual(strip(createServerRoutes(manifest, modules, future, false)));
    expect(remembered(manifest, { ...modules }, future, false)).toBe(first);
    expect(made).toHaveBeenCalledTimes(1);
    // Another module under the same id (a rebuild in development) makes them again.
    const rebuilt = remembered(manifest, { ...modules, 'routes/a': { default: () => null } }, future, false);
    expect(rebuilt).not.toBe(first);
    expect(made).toHaveBeenCalledTimes(2);

    const converted = vi.fn(convert);
    const data = rememberedDataRoutes(converted);
    const [own1, own2] = [{} as Record<string, { id?: string }>, {} as Record<string, { id?: string }>];
    const dataRoutes = data(rebuilt, mapRouteProperties, undefined, own1);
    expect(data(rebuilt, mapRouteProperties, undefined, own2)).toBe(dataRoutes);
    expect(converted).toHaveBeenCalledTimes(1);
    expect(Object.keys(own2).sort()).toEqual(Object.keys(manifest).sort());
    expect(own2).toEqual(own1);
    expect(own2['routes/a.b']).toBe(dataRoutes[0].children![0].children![0]);
    // Route tables it did not make (a handler's own, a test's) are converted as before.
    const other = table();
    data(other as never, mapRouteProperties, undefined, {});
    data(other as never, mapRouteProperties, undefined, {});
    expect(converted).toHaveBeenCalledTimes(3);
  });

  it('makes the route modules by id once per build and lets the render routes know them at once', () => {
    const { createEntryRouteModules } = require('@remix-run/server-runtime/dist/entry.js') as {
      createEntryRouteModules: (...args: any[]) => any;
    };
    const buildRoutes = { root: { module: { default: () => null } }, 'routes/a': { module: { loader: () => null } } };
    const made = vi.fn(createEntryRouteModules);
    const modules = rememberedEntryRouteModules(made);
    const first = modules(buildRoutes);
    expect(first).toEqual({ root: buildRoutes.root.module, 'routes/a': buildRoutes['routes/a'].module });
    expect(modules(buildRoutes)).toBe(first);
    expect(made).toHaveBeenCalledTimes(1);
    // Another build's routes: made again.
    expect(modules({ ...buildRoutes })).not.toBe(first);
    expect(made).toHaveBeenCalledTimes(2);

    // The render routes made from that same object are recognised without comparing every module.
    const manifest = { root: { id: 'root', path: '', hasLoader: false }, 'routes/a': { id: 'routes/a', parentId: 'root', path: 'a' } };
    const serverRoutes = rememberedServerRoutes(require('@remix-run/react/dist/routes.js').createServerRoutes);
    const future = {};
    const routes = serverRoutes(manifest, first, future, false);
    expect(serverRoutes(manifest, first, future, false)).toBe(routes);
    expect(serverRoutes(manifest, { ...first }, future, false)).toBe(routes);
    expect(serverRoutes(manifest, { ...first, 'routes/a': {} }, future, false)).not.toBe(routes);
  });

  it('is what Remix and React Router call once installed', () => {
    expect(installRouteMatchCache()).toBe(true);
    const router = require('@remix-run/router');
    expect(router.matchRoutes.cached).toBe(true);
    expect(router.createStaticHandler.branched).toBe(true);
    expect(require('node:fs').readFileSync(require.resolve('@remix-run/server-runtime/dist/server.js'), 'utf8')).toMatch(
      /\brouter\.createStaticHandler\(/,
    );
    // The callers read the export at call time: server-runtime's matcher, react-router's useRoutes, the partial manifest.
    for (const file of ['@remix-run/server-runtime/dist/routeMatching.js', '@remix-run/react/dist/fog-of-war.js']) {
      expect(require('node:fs').readFileSync(require.resolve(file), 'utf8')).toMatch(/\brouter\.matchRoutes\(/);
    }
    expect(require('react-router').matchRoutes).toBe(router.matchRoutes);
    // The render reads its two makers at call time too: RemixServer's routes, the static router's data routes.
    expect(require('@remix-run/react/dist/routes.js').createServerRoutes.remembered).toBe(true);
    expect(router.UNSAFE_convertRoutesToDataRoutes.remembered).toBe(true);
    // The document handler reads its route modules maker at call time as well.
    expect(require('@remix-run/server-runtime/dist/entry.js').createEntryRouteModules.remembered).toBe(true);
    expect(require('node:fs').readFileSync(require.resolve('@remix-run/server-runtime/dist/server.js'), 'utf8')).toMatch(
      /\bentry\.createEntryRouteModules\(build\.routes\)/,
    );
    expect(require('node:fs').readFileSync(require.resolve('@remix-run/react/dist/server.js'), 'utf8')).toMatch(
      /\broutes\.createServerRoutes\(manifest\.routes, routeModules, context\.future, context\.isSpaMode\)/,
    );
    expect(require('node:fs').readFileSync(require.resolve('react-router-dom/server.js'), 'utf8')).toMatch(
      /\brouter\.UNSAFE_convertRoutesToDataRoutes\(routes, /,
    );
  });
});
