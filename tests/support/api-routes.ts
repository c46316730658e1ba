import fs from 'node:fs';
import path from 'node:path';

// The files of app/routes/api+ as the calls they serve: what the OpenAPI document must list, no more and no less
// (tests/unit/openapi.test.ts on the generated document, tests/e2e/api-contract.spec.ts on the served one).

const ROUTES_DIR = path.resolve(import.meta.dirname, '../../app/routes/api+');

/** `user.book.read.$a.$b.ts` → `/api/user/book/read/{a}/{b}`; `_index` is the folder itself, `[.]` a literal dot. */
export function pathOfRouteFile(file: string) {
  const segments = file
    .replace(/\.tsx?$/, '')
    .replace(/\[\.\]/g, '~')
    .split('.')
    .filter((s) => s !== '_index')
    .map((s) => (s.startsWith('$') ? `{${s.slice(1)}}` : s).replaceAll('~', '.'));
  return ['/api', ...segments].join('/');
}

/** The calls' paths of the route modules, sorted (shared `__*` modules and the splat's 404 excluded). */
export function apiRoutePaths(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('__') && f !== '$.ts')
    .map(pathOfRouteFile)
    .sort();
}
