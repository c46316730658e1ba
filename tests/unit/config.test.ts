import { describe, expect, it } from 'vitest';
import { readConfig } from '~/config.server';

describe('configuration', () => {
  it('uses the embedded database and the experience environment when nothing is set', () => {
    const c = readConfig({});
    expect(c.databaseUrl).toBeUndefined();
    expect(c.appEnv).toBe('EXP');
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(readConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('is production (no demo) on PostgreSQL unless APP_ENV=EXP', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://localhost/x' }).appEnv).toBe('PROD');
    expect(readConfig({ DATABASE_URL: 'postgres://localhost/x', APP_ENV: 'EXP' }).appEnv).toBe('EXP');
  });

  it('refuses to run production without a session secret', () => {
    expect(() => readConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/x' })).toThrow(/SESSION_SECRET/);
    expect(readConfig({ SESSION_SECRET: 'a, b' }).sessionSecrets).toEqual(['a', 'b']);
  });
});
