import { flatRoutes } from 'remix-flat-routes';

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes come from remix-flat-routes (one `+` folder per area); Remix's own convention is switched off.
  ignoredRouteFiles: ['**/*'],
  routes: async (defineRoutes) =>
    flatRoutes('routes', defineRoutes, {
      ignoredRouteFiles: ['**/*.test.*', '**/*.server.*', '**/__*.*'],
    }),
  serverModuleFormat: 'esm',
  serverDependenciesToBundle: [/^remix-utils.*/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
