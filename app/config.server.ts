import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BusinessDetails } from '~/domain/business';

// Configuration from the environment, read once and validated. `.env.example` lists every variable.
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** PostgreSQL connection string; when absent the embedded database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * Set by the web server itself (server/embedded-postgres.mjs), never by hand: the Unix-socket address of the embedded
   * PostgreSQL it started in DATA_DIR/postgres. Unset: the embedded database is PGlite in DATA_DIR/pglite.
   */
  EMBEDDED_DATABASE_URL: z.string().optional(),
  /** Folder of the embedded database and local uploads. */
  DATA_DIR: z.string().default('./data'),
  /** 'EXP' is the experience environment: demo data is seeded and a ribbon shows. */
  APP_ENV: z.enum(['EXP', 'PROD']).optional(),
  /** Comma-separated secrets for signing the session cookie and tokens; the first signs, all verify. */
  SESSION_SECRET: z.string().optional(),
  /** Base URL of the site (absolute links in messages); a production server does not start without it. */
  PUBLIC_URL: z.string().url().optional(),
  /** The interface the server listens on (server/index.mjs); unset: every interface, reached as localhost. */
  HOST: z.string().optional(),
  /** 'true' when a proxy in front of the app sets X-Forwarded-For / X-Real-IP: only then are they believed. */
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).optional(),
  /** The seller's details every page's footer shows (전자상거래법 제10조): 상호, 대표자, 사업자등록번호, 통신판매업 신고번호, 주소, 연락처. */
  BUSINESS_NAME: z.string().optional(),
  BUSINESS_CEO: z.string().optional(),
  BUSINESS_REGISTRATION_NO: z.string().optional(),
  BUSINESS_MAIL_ORDER_NO: z.string().optional(),
  BUSINESS_ADDRESS: z.string().optional(),
  BUSINESS_PHONE: z.string().optional(),
  BUSINESS_EMAIL: z.string().optional(),
  BUSINESS_HOURS: z.string().optional(),
  /** Toss Payments keys (개발 연동 test_… or live_…). Without a secret key the experience environment uses the local simulator. */
  TOSS_CLIENT_KEY: z.string().optional(),
  TOSS_SECRET_KEY: z.string().optional(),
  /** Toss's REST API and browser SDK; changed only to point the real adapter at the simulator in tests. */
  TOSS_API_URL: z.string().url().optional(),
  TOSS_SDK_URL: z.string().url().optional(),
  /** The port our server listens on (the simulator is served by it, under /__toss). */
  PORT: z.string().optional(),
  /** The company's account for 무통장입금. */
  DEPOSIT_BANK: z.string().optional(),
  DEPOSIT_ACCOUNT: z.string().optional(),
  DEPOSIT_HOLDER: z.string().optional(),
  /** Solapi (알림톡 and text messages): without an API key the experience environment uses the local simulator. */
  SOLAPI_API_KEY: z.string().optional(),
  SOLAPI_API_SECRET: z.string().optional(),
  /** The Kakao channel's profile id (pfId) 알림톡 is sent from, and the registered caller number of text messages. */
  SOLAPI_PF_ID: z.string().optional(),
  SOLAPI_SENDER: z.string().optional(),
  /** Solapi's REST API; changed only to point the real adapter at the simulator (tests, the benchmark). */
  SOLAPI_BASE_URL: z.string().url().optional(),
});

/**
 * Who takes card and transfer payments: Toss Payments when a secret key is configured, the local simulator (served by
 * our own server under /__toss, same HTTP API) in the experience environment without keys, nobody otherwise (then only
 * 무통장입금 is offered).
 */
export type PaymentsConfig = {
  provider: 'toss' | 'simulator' | null;
  clientKey: string;
  secretKey: string;
  /** Base of the REST API without a trailing slash: 'https://api.tosspayments.com' or 'http://127.0.0.1:3000/__toss'. */
  apiUrl: string;
  /** The v2 browser SDK: 'https://js.tosspayments.com/v2/standard', or the simulator's (a path on our own site). */
  sdkUrl: string;
  deposit: { bank: string; account: string; holder: string } | null;
};

/**
 * Who delivers 알림톡 and text messages: Solapi when an API key is configured, the local simulator (served by our own
 * server under /__solapi, same HTTP API) in the experience environment without keys, nobody otherwise (messages then
 * wait in the outbox until a provider is configured).
 */
export type TalkConfig = {
  provider: 'solapi' | 'simulator' | null;
  apiKey: string;
  apiSecret: string;
  pfId: string;
  /** The caller number, digits only. */
  sender: string;
  /** Base of the REST API without a trailing slash: 'https://api.solapi.com' or 'http://127.0.0.1:3000/__solapi'. */
  baseUrl: string;
};

/** The Solapi simulator's keys: not secret, they open nothing but the simulator. Same as server/solapi-simulator.mjs. */
export const SOLAPI_SIMULATOR_KEYS = {
  apiKey: 'NCSSIMULATOR0001',
  apiSecret: 'solapi-simulator-secret-not-a-secret',
  pfId: 'KA01PF_SIMULATOR',
  sender: '16000000',
} as const;

/** The simulator's keys: not secret, they open nothing but the simulator. */
export const SIMULATOR_KEYS = { clientKey: 'test_ck_simulator', secretKey: 'test_sk_simulator' } as const;

/** The seller's details shown in the footer (app/domain/business.ts); null fields are not configured (and not shown). */
export type { BusinessDetails };

/** The experience environment's example details, shown only while no BUSINESS_* variable is set. */
const EXAMPLE_BUSINESS: Omit<BusinessDetails, 'example'> = {
  name: '주식회사 리드인',
  ceo: '김리드',
  registrationNo: '000-00-00000',
  mailOrderNo: '제2026-서울강남-00000호',
  address: '서울특별시 강남구 테헤란로 000, 0층',
  phone: '1600-0000',
  email: 'help@readin.example',
  hours: '평일 10:00–18:00 (점심시간 12:00–13:00 제외)',
};

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  /** The operator's PostgreSQL; undefined means the embedded database (jobs in the web server, demo data by default). */
  databaseUrl: string | undefined;
  /** The embedded database's PostgreSQL when the web server started one; undefined with PGlite. */
  embeddedDatabaseUrl: string | undefined;
  dataDir: string;
  appEnv: 'EXP' | 'PROD';
  sessionSecrets: string[];
  /** Where the secret was kept when a production server started without SESSION_SECRET; null otherwise. */
  sessionSecretFile: string | null;
  /** Cookies carry Secure: when PUBLIC_URL is https, or in production on PostgreSQL when PUBLIC_URL is not set. */
  secureCookies: boolean;
  /** The client address headers come from our proxy (TRUST_PROXY); otherwise any client could choose its address. */
  trustProxy: boolean;
  /** PUBLIC_URL without a trailing slash; null: the request's own origin is used (payment returns, the origin check). */
  publicUrl: string | null;
  /**
   * The address links in messages (알림톡, text messages) open, without a trailing slash: PUBLIC_URL; without it, this
   * server's own (`http://localhost:PORT`, as `npm start` prints it) outside production; null in production, which
   * refuses to start without PUBLIC_URL (startRefusal).
   */
  linkOrigin: string | null;
  migrationsDir: string;
  business: BusinessDetails;
  payments: PaymentsConfig;
  talk: TalkConfig;
};

function talkConfig(parsed: z.infer<typeof schema>, appEnv: 'EXP' | 'PROD'): TalkConfig {
  const trim = (url: string) => url.replace(/\/+$/, '');
  const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
  if (parsed.SOLAPI_API_KEY) {
    return {
      provider: 'solapi',
      apiKey: parsed.SOLAPI_API_KEY,
      apiSecret: parsed.SOLAPI_API_SECRET ?? '',
      pfId: parsed.SOLAPI_PF_ID ?? '',
      sender: digits(parsed.SOLAPI_SENDER),
      baseUrl: trim(parsed.SOLAPI_BASE_URL ?? 'https://api.solapi.com'),
    };
  }
  if (appEnv === 'EXP') {
    return {
      provider: 'simulator',
      ...SOLAPI_SIMULATOR_KEYS,
      baseUrl: trim(parsed.SOLAPI_BASE_URL ?? `http://127.0.0.1:${parsed.PORT ?? '3000'}/__solapi`),
    };
  }
  return { provider: null, apiKey: '', apiSecret: '', pfId: '', sender: '', baseUrl: '' };
}

function paymentsConfig(parsed: z.infer<typeof schema>, appEnv: 'EXP' | 'PROD'): PaymentsConfig {
  const deposit =
    parsed.DEPOSIT_BANK && parsed.DEPOSIT_ACCOUNT && parsed.DEPOSIT_HOLDER
      ? { bank: parsed.DEPOSIT_BANK, account: parsed.DEPOSIT_ACCOUNT, holder: parsed.DEPOSIT_HOLDER }
      : appEnv === 'EXP'
        ? { bank: '국민은행', account: '000000-00-000000', holder: '주식회사 리드인' }
        : null;
  const trim = (url: string) => url.replace(/\/+$/, '');
  if (parsed.TOSS_SECRET_KEY) {
    return {
      provider: 'toss',
      clientKey: parsed.TOSS_CLIENT_KEY ?? '',
      secretKey: parsed.TOSS_SECRET_KEY,
      apiUrl: trim(parsed.TOSS_API_URL ?? 'https://api.tosspayments.com'),
      sdkUrl: parsed.TOSS_SDK_URL ?? 'https://js.tosspayments.com/v2/standard',
      deposit,
    };
  }
  if (appEnv === 'EXP') {
    const base = trim(parsed.TOSS_API_URL ?? `http://127.0.0.1:${parsed.PORT ?? '3000'}/__toss`);
    // The server calls the simulator on the loopback; browsers reach it on the site itself: at its public address when
    // there is one, else by a path on whatever address the browser used (localhost, 127.0.0.1, a LAN name), so the
    // window is always on the page's own origin (form-action 'self' lets the pay form's redirect go there).
    const browserBase = parsed.PUBLIC_URL ? `${trim(parsed.PUBLIC_URL)}/__toss` : '/__toss';
    return { provider: 'simulator', ...SIMULATOR_KEYS, apiUrl: base, sdkUrl: parsed.TOSS_SDK_URL ?? `${browserBase}/v2/standard`, deposit };
  }
  return { provider: null, clientKey: '', secretKey: '', apiUrl: '', sdkUrl: '', deposit };
}

const DEV_SECRET = 'readin-development-secret-change-me';

/**
 * The secret of a production server started without SESSION_SECRET (`npm start`, on PGlite or PostgreSQL): random, made
 * once and kept in DATA_DIR/session-secret (readable by the app's user only), so sessions survive a restart and no two
 * installations share a secret. Never the development secret: it is in the source code, and anyone could sign tokens
 * and cookies with it. Two processes starting at once agree on one secret (the file appears whole, once).
 */
function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  const read = () => {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const existing = read();
  if (existing && existing.length >= 32) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, secret, { mode: 0o600 });
  try {
    if (existing === undefined) fs.linkSync(tmp, file);
    else fs.renameSync(tmp, file); // too short to be ours: replace it
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read() ?? secret;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function businessDetails(parsed: z.infer<typeof schema>, appEnv: 'EXP' | 'PROD'): BusinessDetails {
  const given = {
    name: parsed.BUSINESS_NAME ?? null,
    ceo: parsed.BUSINESS_CEO ?? null,
    registrationNo: parsed.BUSINESS_REGISTRATION_NO ?? null,
    mailOrderNo: parsed.BUSINESS_MAIL_ORDER_NO ?? null,
    address: parsed.BUSINESS_ADDRESS ?? null,
    phone: parsed.BUSINESS_PHONE ?? null,
    email: parsed.BUSINESS_EMAIL ?? null,
    hours: parsed.BUSINESS_HOURS ?? null,
  };
  const none = Object.values(given).every((v) => v === null);
  return none && appEnv === 'EXP' ? { ...EXAMPLE_BUSINESS, example: true } : { ...given, example: false };
}

/** The seller's details a production server lacks (it starts anyway and says so). */
export function missingBusinessDetails(business: BusinessDetails): string[] {
  const required: [keyof BusinessDetails, string][] = [
    ['name', 'BUSINESS_NAME'],
    ['ceo', 'BUSINESS_CEO'],
    ['registrationNo', 'BUSINESS_REGISTRATION_NO'],
    ['mailOrderNo', 'BUSINESS_MAIL_ORDER_NO'],
    ['address', 'BUSINESS_ADDRESS'],
    ['phone', 'BUSINESS_PHONE'],
  ];
  return required.filter(([key]) => !business[key]).map(([, name]) => name);
}

/** The server's own address as `npm start` prints it (server/index.mjs): HOST (unless a wildcard) or localhost, and PORT. */
function ownAddress(parsed: z.infer<typeof schema>): string {
  const host = parsed.HOST && !['0.0.0.0', '::', '[::]'].includes(parsed.HOST) ? parsed.HOST : 'localhost';
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${parsed.PORT ?? '3000'}`;
}

/**
 * Why a server or `npm run worker` must not start with this configuration, or null. A production server (NODE_ENV
 * production, APP_ENV PROD) needs PUBLIC_URL: the links of its 알림톡 and text messages (a parent's note, a password
 * reset) would otherwise be bare paths no phone can open.
 */
export function startRefusal(cfg: Config): string | null {
  if (cfg.linkOrigin === null)
    return 'PUBLIC_URL이 없습니다. 운영 환경(NODE_ENV=production, APP_ENV=PROD)에서는 알림톡·문자의 링크가 열릴 사이트 주소를 PUBLIC_URL=https://… 로 정해야 서버와 작업 실행기가 시작합니다.';
  return null;
}

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start` uses the embedded database).
  const parsed = schema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  const appEnv = parsed.APP_ENV ?? (parsed.DATABASE_URL ? 'PROD' : 'EXP');
  const dataDir = path.resolve(parsed.DATA_DIR);
  const secrets = (parsed.SESSION_SECRET ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  let sessionSecretFile: string | null = null;
  if (secrets.length === 0) {
    if (parsed.NODE_ENV === 'production') {
      secrets.push(storedSecret(dataDir));
      sessionSecretFile = path.join(dataDir, 'session-secret');
    } else {
      secrets.push(DEV_SECRET);
    }
  }
  const production = parsed.NODE_ENV === 'production' && appEnv === 'PROD';
  return {
    nodeEnv: parsed.NODE_ENV,
    databaseUrl: parsed.DATABASE_URL,
    embeddedDatabaseUrl: parsed.DATABASE_URL ? undefined : parsed.EMBEDDED_DATABASE_URL,
    dataDir,
    appEnv,
    sessionSecrets: secrets,
    sessionSecretFile,
    secureCookies: parsed.PUBLIC_URL ? parsed.PUBLIC_URL.startsWith('https://') : production,
    trustProxy: parsed.TRUST_PROXY === 'true' || parsed.TRUST_PROXY === '1',
    publicUrl: parsed.PUBLIC_URL ? parsed.PUBLIC_URL.replace(/\/+$/, '') : null,
    linkOrigin: parsed.PUBLIC_URL ? parsed.PUBLIC_URL.replace(/\/+$/, '') : production ? null : ownAddress(parsed),
    migrationsDir: path.resolve('drizzle'),
    business: businessDetails(parsed, appEnv),
    payments: paymentsConfig(parsed, appEnv),
    talk: talkConfig(parsed, appEnv),
  };
}

let cached: Config | undefined;
export function config(): Config {
  if (!cached) {
    cached = readConfig();
    if (cached.sessionSecretFile && cached.appEnv === 'PROD') {
      console.warn(
        `SESSION_SECRET is not set: sessions are signed with the random secret kept in ${cached.sessionSecretFile}. ` +
          'Set SESSION_SECRET when more than one server shares the database, or when DATA_DIR does not survive a restart.',
      );
    }
    const missing = cached.appEnv === 'PROD' ? missingBusinessDetails(cached.business) : [];
    if (missing.length) console.warn(`The footer lacks the seller's details a Korean online seller must show: set ${missing.join(', ')}.`);
  }
  return cached;
}
