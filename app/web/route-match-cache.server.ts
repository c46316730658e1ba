import { createRequire } from 'node:module';

// Remix matches a request's path against the whole route table several times per request: the request handler, the
// page's router while rendering, and the partial manifest of lazy route discovery (once per segment of the path). Each
// call of `matchRoutes` flattens and ranks every route pattern and compiles their regular expressions, so a request
// costs more with every route the app adds (a CPU profile of the bare page: about a third of its time; decision 022).
// The routes never change in a running server, so the matches of a path are remembered, by route id: the render
// builds fresh route objects for every request, so a remembered match is handed back with this request's objects.
//
// The three callers read `matchRoutes` from @remix-run/router's CommonJS exports at call time (server-runtime's
// routeMatching.js, react-router's useRoutes, @remix-run/react's fog-of-war.js), so replacing that export serves them
// all; tests/unit/route-match-cache.test.ts fails if a version of those packages stops doing so.
//
// The router's static handler (which runs the loaders and actions) matches with its own internal copy, once per
// request. It is handed the routes of the matched branch only: for the chain of routes a path matches (known from the
// cache), a static handler built over that chain alone, kept per chain. Its internal match then sees a handful of
// routes, and finds the same chain (it is the best-ranked match of the whole table, and the chain's routes keep their
// order). A path that matches nothing, or a route the chain does not hold, goes to the handler of the whole table.

type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type MatchRoutes = (routes: Route[], location: string | { pathname?: string }, basename?: string) => Match[] | null;
type Remembered = { params: Match['params']; pathname: string; pathnameBase: string; routeId: string }[] | null;

/** Paths remembered per route table; the oldest is forgotten first (paths with ids are many). */
export const ROUTE_MATCH_CACHE_SIZE = 5000;

type Table = { key: string; byId: Map<string, Route> };
const tablesOf = new WeakMap<Route[], Table | null>();

/** The table's identity (its routes' ids and patterns in order) and its routes by id; null when a route has no id. */
function tableOf(routes: Route[]): Table | null {
  if (tablesOf.has(routes)) return tablesOf.get(routes)!;
  const byId = new Map<string, Route>();
  const ids: string[] = [];
  let complete = true;
  const walk = (list: Route[], depth: number) => {
    for (const route of list) {
      if (typeof route.id !== 'string' || byId.has(route.id)) complete = false;
      else byId.set(route.id, route);
      // Everything matching reads, so two trees built from the same routes share their matches.
      ids.push(`${depth}:${route.id}:${route.path ?? ''}:${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`);
      if (route.children) walk(route.children, depth + 1);
    }
  };
  walk(routes, 0);
  const table = complete ? { key: ids.join(','), byId } : null;
  tablesOf.set(routes, table);
  return table;
}

export function cachedMatchRoutes(original: MatchRoutes): MatchRoutes & { cached: true } {
  const remembered = new Map<string, Map<string, Remembered>>();
  const cached: MatchRoutes = (routes, location, basename = '/') => {
    const pathname = typeof location === 'string' ? location : location.pathname;
    const table = Array.isArray(routes) ? tableOf(routes) : null;
    // Anything unusual (a route without an id, a location with a search or hash) is matched as before.
    if (!table || typeof pathname !== 'string' || /[?#]/.test(pathname)) return original(routes, location, basename);
    let paths = remembered.get(table.key);
    if (!paths) remembered.set(table.key, (paths = new Map()));
    const key = `${basename}\u0000${pathname}`;
    let found = paths.get(key);
    if (found === undefined) {
      const matches = original(routes, pathname, basename);
      found =
        matches && matches.map(({ params, pathname, pathnameBase, route }) => ({ params, pathname, pathnameBase, routeId: route.id! }));
      if (paths.size >= ROUTE_MATCH_CACHE_SIZE) paths.delete(paths.keys().next().value!);
      paths.set(key, found);
    }
    // Fresh objects: a caller may change what it gets without changing what the next request gets.
    return (
      found &&
      found.map((m) => ({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, route: table.byId.get(m.routeId)! }))
    );
  };
  return Object.assign(cached, { cached: true as const });
}

type StaticHandler = {
  dataRoutes: Route[];
  query: (request: Request, options?: object) => Promise<unknown>;
  queryRoute: (request: Request, options?: { routeId?: string }) => Promise<unknown>;
};
type CreateStaticHandler = (routes: Route[], options?: { basename?: string }) => StaticHandler;

/** The routes of one matched chain, each keeping only its next link as child. */
function chainRoutes(chain: Route[]): Route[] {
  let child: Route | undefined;
  for (let i = chain.length - 1; i >= 0; i -= 1) child = { ...chain[i], children: child ? [child] : undefined };
  return [child!];
}

export function branchStaticHandlers(create: CreateStaticHandler, match: MatchRoutes): CreateStaticHandler & { branched: true } {
  const branched: CreateStaticHandler = (routes, options) => {
    const whole = create(routes, options);
    const table = tableOf(routes);
    if (!table) return whole;
    const basename = options?.basename ?? '/';
    const byChain = new Map<string, StaticHandler>();
    const handlerFor = (request: Request, routeId?: string): StaticHandler => {
      const matches = match(routes, new URL(request.url).pathname, basename);
      if (!matches?.length || (routeId && !matches.some((m) => m.route.id === routeId))) return whole;
      const chain = matches.map((m) => table.byId.get(m.route.id!)!);
      const key = chain.map((r) => r.id).join('/');
      let handler = byChain.get(key);
      if (!handler) byChain.set(key, (handler = create(chainRoutes(chain), options)));
      return handler;
    };
    return {
      dataRoutes: whole.dataRoutes,
      query: (request, queryOptions) => handlerFor(request).query(request, queryOptions),
      queryRoute: (request, queryOptions) => handlerFor(request, queryOptions?.routeId).queryRoute(request, queryOptions),
    };
  };
  return Object.assign(branched, { branched: true as const });
}

// The render's route objects. For every document, Remix's RemixServer builds the route objects of the whole manifest
// (`createServerRoutes`, one object per route with its components) and React Router's static router converts them into
// data routes (`convertRoutesToDataRoutes`), before the route match cache can recognise the table (a walk of it).
// Neither result depends on the request: the manifest and the route modules are the build's. A CPU profile of the bare
// page under load had a fifth of its time there, and the garbage those objects make (decision 029). Both are made once
// per build and handed out again; neither Remix nor React Router changes them after they are made (the router copies
// a route before it adds to it, and matches are fresh objects).

type ServerRoute = Route & { handle?: unknown };
type CreateServerRoutes = (
  manifest: Record<string, object>,
  routeModules: Record<string, unknown>,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => ServerRoute[];
type ConvertRoutes = (routes: Route[], mapRouteProperties: unknown, parentPath?: string[], manifest?: Record<string, Route>) => Route[];

/** The route arrays the remembered createServerRoutes handed out: the only ones whose data routes are remembered. */
const rememberedTables = new WeakSet<Route[]>();

export function rememberedServerRoutes(original: CreateServerRoutes): CreateServerRoutes & { remembered: true } {
  const byManifest = new WeakMap<
    object,
    { source: object; modules: Record<string, unknown>; future: unknown; isSpaMode: boolean; routes: ServerRoute[] }
  >();
  const remembered: CreateServerRoutes = (manifest, routeModules, future, isSpaMode, ...rest) => {
    // Only the top-level call (the recursion passes a parent and its grouping) with the build's manifest object.
    if (rest.length || !manifest || typeof manifest !== 'object') return original(manifest, routeModules, future, isSpaMode, ...rest);
    const known = byManifest.get(manifest);
    // The route modules object is the build's (rememberedEntryRouteModules) or, made elsewhere, holds the build's
    // modules: the same ones, or it is another build.
    if (
      known &&
      known.future === future &&
      known.isSpaMode === isSpaMode &&
      (known.source === routeModules || sameModules(manifest, known.modules, routeModules))
    )
      return known.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    const modules: Record<string, unknown> = {};
    for (const id of Object.keys(manifest)) modules[id] = routeModules[id];
    byManifest.set(manifest, { source: routeModules, modules, future, isSpaMode, routes });
    rememberedTables.add(routes);
    return routes;
  };
  return Object.assign(remembered, { remembered: true as const });
}

function sameModules(manifest: object, a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (const id of Object.keys(manifest)) if (a[id] !== b[id]) return false;
  return true;
}

export function rememberedDataRoutes(original: ConvertRoutes): ConvertRoutes & { remembered: true } {
  const byTable = new WeakMap<Route[], { mapRouteProperties: unknown; dataRoutes: Route[]; manifest: Record<string, Route> }>();
  const remembered: ConvertRoutes = (routes, mapRouteProperties, parentPath, manifest) => {
    if (parentPath !== undefined || !rememberedTables.has(routes)) return original(routes, mapRouteProperties, parentPath, manifest);
    let known = byTable.get(routes);
    if (!known || known.mapRouteProperties !== mapRouteProperties) {
      const own: Record<string, Route> = {};
      known = { mapRouteProperties, dataRoutes: original(routes, mapRouteProperties, undefined, own), manifest: own };
      byTable.set(routes, known);
    }
    // The caller reads its manifest argument (route by id) after the call, as the original fills it.
    if (manifest) Object.assign(manifest, known.manifest);
    return known.dataRoutes;
  };
  return Object.assign(remembered, { remembered: true as const });
}

// The route modules by id that Remix's document handler makes for every page from the build's routes
// (`createEntryRouteModules`, a walk of the whole table). Made once per build's routes object and handed out again:
// on the server nothing writes to it (the browser's own copy is the one lazy route discovery fills).
type CreateEntryRouteModules = (routes: Record<string, { module: unknown }>) => Record<string, unknown>;

export function rememberedEntryRouteModules(original: CreateEntryRouteModules): CreateEntryRouteModules & { remembered: true } {
  const byRoutes = new WeakMap<object, Record<string, unknown>>();
  const remembered: CreateEntryRouteModules = (routes) => {
    if (!routes || typeof routes !== 'object') return original(routes);
    let modules = byRoutes.get(routes);
    if (!modules) byRoutes.set(routes, (modules = original(routes)));
    return modules;
  };
  return Object.assign(remembered, { remembered: true as const });
}

const require = createRequire(import.meta.url);

type RouterModule = {
  matchRoutes: MatchRoutes & { cached?: true };
  createStaticHandler: CreateStaticHandler & { branched?: true };
  UNSAFE_convertRoutesToDataRoutes: ConvertRoutes & { remembered?: true };
};
type RemixRoutesModule = { createServerRoutes: CreateServerRoutes & { remembered?: true } };
type RemixEntryModule = { createEntryRouteModules: CreateEntryRouteModules & { remembered?: true } };

/**
 * Installs the cache, the branch handlers and the remembered render routes once per process (before the first
 * request: Remix builds its static handler then); returns whether all are in place.
 */
export function installRouteMatchCache(): boolean {
  const router = require('@remix-run/router') as RouterModule;
  const remixRoutes = require('@remix-run/react/dist/routes.js') as RemixRoutesModule;
  const remixEntry = require('@remix-run/server-runtime/dist/entry.js') as RemixEntryModule;
  if (!router.matchRoutes.cached) router.matchRoutes = cachedMatchRoutes(router.matchRoutes);
  if (!router.createStaticHandler.branched)
    router.createStaticHandler = branchStaticHandlers(router.createStaticHandler, router.matchRoutes);
  if (!remixRoutes.createServerRoutes.remembered) remixRoutes.createServerRoutes = rememberedServerRoutes(remixRoutes.createServerRoutes);
  if (!router.UNSAFE_convertRoutesToDataRoutes.remembered)
    router.UNSAFE_convertRoutesToDataRoutes = rememberedDataRoutes(router.UNSAFE_convertRoutesToDataRoutes);
  if (!remixEntry.createEntryRouteModules.remembered)
    remixEntry.createEntryRouteModules = rememberedEntryRouteModules(remixEntry.createEntryRouteModules);
  return (
    remixEntry.createEntryRouteModules.remembered === true &&
    router.matchRoutes.cached === true &&
    router.createStaticHandler.branched === true &&
    remixRoutes.createServerRoutes.remembered === true &&
    router.UNSAFE_convertRoutesToDataRoutes.remembered === true
  );
}
