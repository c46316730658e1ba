import { beforeAll } from 'vitest';
import { resetRateLimits } from '~/auth/rate-limit.server';
import { setClock } from '~/lib/clock.server';

// The database test files of a worker share one module graph (vitest.config.ts: isolate false), so each file starts
// with the in-memory state a fresh process would have: no sign-in failures counted, the real clock.
beforeAll(() => {
  resetRateLimits();
  setClock(undefined);
});
