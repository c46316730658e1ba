import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { missingBusinessDetails, readConfig, startRefusal } from '~/config.server';

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

  it("links messages to PUBLIC_URL, else outside production to this server's own address; production needs PUBLIC_URL", () => {
    expect(readConfig({ PUBLIC_URL: 'https://readin.example/' }).linkOrigin).toBe('https://readin.example');
    const local = readConfig({ NODE_ENV: 'production', PORT: '3310' });
    expect(local.linkOrigin).toBe('http://localhost:3310');
    expect(startRefusal(local)).toBeNull();
    expect(readConfig({ PORT: '3310', HOST: '127.0.0.1' }).linkOrigin).toBe('http://127.0.0.1:3310');
    expect(readConfig({ HOST: '0.0.0.0' }).linkOrigin).toBe('http://localhost:3000');
    const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/x', SESSION_SECRET: 's' };
    expect(readConfig(prod).linkOrigin).toBeNull();
    expect(startRefusal(readConfig(prod))).toBe(
      'PUBLIC_URL이 없습니다. 운영 환경(NODE_ENV=production, APP_ENV=PROD)에서는 알림톡·문자의 링크가 열릴 사이트 주소를 PUBLIC_URL=https://… 로 정해야 서버와 작업 실행기가 시작합니다.',
    );
    expect(startRefusal(readConfig({ ...prod, PUBLIC_URL: 'https://readin.example' }))).toBeNull();
    // Tests on PostgreSQL (NODE_ENV test) are not production.
    expect(startRefusal(readConfig({ DATABASE_URL: 'postgres://localhost/x' }))).toBeNull();
  });

  it('believes the client address headers only behind a declared proxy', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(() => readConfig({ TRUST_PROXY: 'yes please' })).toThrow();
  });

  it('takes comma-separated session secrets: the first signs, all verify', () => {
    expect(readConfig({ SESSION_SECRET: 'a, b' }).sessionSecrets).toEqual(['a', 'b']);
    expect(
      readConfig({ SESSION_SECRET: 'a', NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/x' }).sessionSecretFile,
    ).toBeNull();
  });
});

describe('secrets and cookie flags in production', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('never signs with the development secret of the source code: `npm start` makes a random one in DATA_DIR', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-config-'));
    try {
      const first = readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
      expect(first.appEnv).toBe('EXP');
      expect(first.sessionSecrets).toHaveLength(1);
      expect(first.sessionSecrets[0]).not.toBe(readConfig({}).sessionSecrets[0]);
      expect(first.sessionSecrets[0].length).toBeGreaterThanOrEqual(32);
      expect(first.sessionSecretFile).toBe(path.join(dataDir, 'session-secret'));
      // The same secret after a restart (sessions survive), readable by the app's user only.
      expect(readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).sessionSecrets).toEqual(first.sessionSecrets);
      expect(fs.statSync(path.join(dataDir, 'session-secret')).mode & 0o077).toBe(0);
      expect(fs.readdirSync(dataDir)).toEqual(['session-secret']);
      // Another installation gets another secret.
      const other = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-config-'));
      expect(readConfig({ NODE_ENV: 'production', DATA_DIR: other }).sessionSecrets).not.toEqual(first.sessionSecrets);
      fs.rmSync(other, { recursive: true, force: true });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('does the same in production on PostgreSQL (the README example), and says where the secret is', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-config-'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://user:pass@host:5432/readin', DATA_DIR: dataDir };
      const prod = readConfig(env);
      expect(prod.appEnv).toBe('PROD');
      expect(prod.sessionSecrets).toEqual([fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')]);
      expect(prod.sessionSecrets[0]).not.toBe(readConfig({}).sessionSecrets[0]);
      expect(readConfig(env).sessionSecrets).toEqual(prod.sessionSecrets);
      // The server's configuration warns, once, that it chose the secret itself.
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      vi.stubEnv('SESSION_SECRET', '');
      vi.resetModules();
      const { config } = await import('~/config.server');
      expect(config().sessionSecrets).toEqual(prod.sessionSecrets);
      config();
      // Once for the secret, once for the seller's details this configuration lacks.
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[0][0])).toContain(
        `SESSION_SECRET is not set: sessions are signed with the random secret kept in ${path.join(dataDir, 'session-secret')}`,
      );
      expect(String(warn.mock.calls[1][0])).toContain(
        "The footer lacks the seller's details a Korean online seller must show: set BUSINESS_NAME",
      );
    } finally {
      warn.mockRestore();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('replaces a secret file too short to be one it made', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-config-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'session-secret'), 'short', { mode: 0o644 });
      const c = readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
      expect(c.sessionSecrets[0].length).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(c.sessionSecrets[0]);
      expect(fs.statSync(path.join(dataDir, 'session-secret')).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('marks cookies Secure in production on PostgreSQL, and wherever PUBLIC_URL is https', () => {
    const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/x', SESSION_SECRET: 's' };
    expect(readConfig(prod).secureCookies).toBe(true);
    expect(readConfig({ ...prod, PUBLIC_URL: 'http://intranet.example' }).secureCookies).toBe(false);
    expect(readConfig({ PUBLIC_URL: 'https://readin.example' }).secureCookies).toBe(true);
    expect(readConfig({}).secureCookies).toBe(false);
  });

  it('over https: session, XSRF and remember-id cookies carry Secure, pages carry HSTS', async () => {
    vi.stubEnv('PUBLIC_URL', 'https://readin.example');
    vi.resetModules();
    const { sessionStorage } = await import('~/web/session.server');
    const { xsrfCookie } = await import('~/web/xsrf.server');
    const { rememberCookie } = await import('~/web/remember.server');
    const { applySecurityHeaders } = await import('~/web/security-headers.server');
    const session = await sessionStorage.commitSession(await sessionStorage.getSession());
    // `__Host-` names in production: the browser then insists on Secure, Path=/ and no Domain.
    expect(session).toMatch(/^__Host-session=/);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(session).toContain(flag);
    expect(session).not.toContain('Domain=');
    expect(xsrfCookie('00000000-0000-4000-8000-000000000000')).toMatch(/; Secure$/);
    const remember = await rememberCookie.serialize('student');
    expect(remember).toMatch(/^__Host-remember_login_id=/);
    expect(remember).toContain('Secure');
    expect(remember).toContain('Path=/;');
    const headers = new Headers();
    applySecurityHeaders(headers, 'n0nce');
    expect(headers.get('Strict-Transport-Security')).toBe('max-age=31536000');
    expect(headers.get('Content-Security-Policy')).toContain("'nonce-n0nce'");
    expect(headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it("reads the seller's details; the experience environment shows examples only while none is set", () => {
    const exp = readConfig({});
    expect(exp.business).toMatchObject({ name: '주식회사 리드인', example: true });
    const set = readConfig({ BUSINESS_NAME: '주식회사 책나무', BUSINESS_REGISTRATION_NO: '123-45-67890' });
    expect(set.business).toMatchObject({ name: '주식회사 책나무', registrationNo: '123-45-67890', ceo: null, example: false });
    const prod = readConfig({ DATABASE_URL: 'postgres://db/readin', APP_ENV: 'PROD' });
    expect(prod.business.example).toBe(false);
    expect(missingBusinessDetails(prod.business)).toEqual([
      'BUSINESS_NAME',
      'BUSINESS_CEO',
      'BUSINESS_REGISTRATION_NO',
      'BUSINESS_MAIL_ORDER_NO',
      'BUSINESS_ADDRESS',
      'BUSINESS_PHONE',
    ]);
    expect(missingBusinessDetails(set.business)).not.toContain('BUSINESS_NAME');
  });
});

describe('payments configuration', () => {
  it('serves the simulator to browsers on whatever address they used, and to the server on the loopback', async () => {
    const c = readConfig({ PORT: '3000' }).payments;
    expect(c.provider).toBe('simulator');
    expect(c.apiUrl).toBe('http://127.0.0.1:3000/__toss');
    // A path: a head on http://localhost:3000 is sent to http://localhost:3000/__toss/…, the page's own origin.
    expect(c.sdkUrl).toBe('/__toss/v2/standard');
    const { createTossGateway } = await import('~/services/payments/toss.server');
    const window = createTossGateway(c).windowUrl({
      method: 'CARD',
      orderId: 'RI-20261125-abcdef',
      orderName: '리드인 기본 이용료 2026년 11월',
      amount: 99000,
      customerKey: 'ck_1',
      successUrl: 'http://localhost:3000/card-pay/success',
      failUrl: 'http://localhost:3000/card-pay/fail',
    });
    expect(window).toMatch(/^\/__toss\/v2\/window\?/);
  });

  it('sends browsers to the public address when there is one, and to Toss with keys', () => {
    expect(readConfig({ PUBLIC_URL: 'https://exp.readin.example/' }).payments.sdkUrl).toBe('https://exp.readin.example/__toss/v2/standard');
    const toss = readConfig({ TOSS_SECRET_KEY: 'test_sk_x', TOSS_CLIENT_KEY: 'test_ck_x' }).payments;
    expect(toss).toMatchObject({
      provider: 'toss',
      apiUrl: 'https://api.tosspayments.com',
      sdkUrl: 'https://js.tosspayments.com/v2/standard',
    });
  });
});
