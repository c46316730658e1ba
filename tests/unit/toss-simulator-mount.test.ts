import { describe, expect, it } from 'vitest';
import { SIMULATOR_KEYS as CONFIG_KEYS } from '~/config.server';
import { SIMULATOR_KEYS, simulatorMount } from '../../server/toss-simulator.mjs';

// When our own server serves the Toss simulator under /__toss (server/index.mjs), mirroring config.server.ts: the
// experience environment without a secret key, or TOSS_SIMULATOR=1.
describe('the Toss simulator mount rule', () => {
  it('uses the same keys as the configuration', () => {
    expect(SIMULATOR_KEYS).toEqual(CONFIG_KEYS);
  });

  it('is served in the experience environment without keys (APP_ENV EXP, or no DATABASE_URL)', () => {
    const expected = {
      secretKey: 'test_sk_simulator',
      clientKey: 'test_ck_simulator',
      webhookUrl: 'http://127.0.0.1:3000/card-pay/webhook',
      controlToken: undefined,
    };
    expect(simulatorMount({})).toEqual(expected);
    expect(simulatorMount({ APP_ENV: 'EXP', DATABASE_URL: 'postgres://x@h/db' })).toEqual(expected);
    expect(simulatorMount({ PORT: '3215' })?.webhookUrl).toBe('http://127.0.0.1:3215/card-pay/webhook');
  });

  it('is not served in production (APP_ENV PROD, or by default on PostgreSQL) nor when a secret key is set', () => {
    expect(simulatorMount({ APP_ENV: 'PROD' })).toBeNull();
    expect(simulatorMount({ DATABASE_URL: 'postgres://x@h/db' })).toBeNull();
    expect(simulatorMount({ TOSS_SECRET_KEY: 'test_sk_real' })).toBeNull();
    expect(simulatorMount({ TOSS_SECRET_KEY: 'live_sk_real', APP_ENV: 'EXP' })).toBeNull();
  });

  it('TOSS_SIMULATOR=1 serves it in the experience environment with the configured secret key, never in production', () => {
    expect(simulatorMount({ TOSS_SIMULATOR: '1', TOSS_SECRET_KEY: 'test_sk_e2e', PORT: '3210' })).toEqual({
      secretKey: 'test_sk_e2e',
      clientKey: undefined,
      webhookUrl: 'http://127.0.0.1:3210/card-pay/webhook',
      controlToken: undefined,
    });
    expect(simulatorMount({ TOSS_SIMULATOR: '1', TOSS_SECRET_KEY: 'test_sk_e2e', TOSS_CLIENT_KEY: 'test_ck_e2e' })?.clientKey).toBe(
      'test_ck_e2e',
    );
    expect(simulatorMount({ TOSS_SIMULATOR: '1', APP_ENV: 'PROD' })).toBeNull();
    expect(simulatorMount({ TOSS_SIMULATOR: '1', DATABASE_URL: 'postgres://x@h/db' })).toBeNull();
    expect(simulatorMount({ SIMULATOR_CONTROL_TOKEN: 'local-t0ken' })?.controlToken).toBe('local-t0ken');
  });
});
