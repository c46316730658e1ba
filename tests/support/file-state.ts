import { afterAll, beforeAll } from 'vitest';
import { resetRateLimits } from '~/auth/rate-limit.server';
import { setClock } from '~/lib/clock.server';
import { startSolapi, type SolapiSimulator } from './solapi';

// The database test files of a worker share one module graph (vitest.config.ts: isolate false), so each file starts
// with the in-memory state a fresh process would have: no sign-in failures counted, the real clock, and a message
// provider of its own: the real Solapi adapter talking to a Solapi simulator on a port of its own (messages are sent
// through the provider's HTTP API, as in the experience environment).
let solapi: SolapiSimulator | undefined;

beforeAll(async () => {
  resetRateLimits();
  setClock(undefined);
  solapi = await startSolapi();
});

afterAll(async () => {
  await solapi?.close();
  solapi = undefined;
});
