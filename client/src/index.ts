// The typed client of the JSON API (docs/decisions/027). `createApiClient<paths>()` with the generated `paths`
// (schema.d.ts, `npm run api:types`) types every call; the core implements spec §8.
export { ApiError, CHECK_BEFORE_MS, createApiClient, fillPath, isLoginExempt, LOGIN_PATH } from './core';
export type { ApiClient, ClientEvent, ClientOptions, TokenPair } from './core';
export { CLIENT_MESSAGES, readingFailureMessage } from './messages';
export { browserStorage, memoryStorage, STORAGE_KEYS, type TokenStorage } from './storage';
export type { AnyPaths, CallData, CallInit, HttpMethod, PathsWith } from './types';

import { createApiClient, type ClientOptions } from './core';
import type { paths } from './schema';
export type { components, operations, paths } from './schema';

/** The client typed by the generated `paths` of /api/openapi.json. */
export const createReadinClient = (options: ClientOptions = {}) => createApiClient<paths>(options);
export type ReadinClient = ReturnType<typeof createReadinClient>;
