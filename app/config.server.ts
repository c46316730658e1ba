import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// Configuration from the environment, read once and validated. `.env.example` lists every variable.
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** PostgreSQL connection string; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded database and local uploads. */
  DATA_DIR: z.string().default('./data'),
  /** 'EXP' is the experience environment: demo data is seeded and a ribbon shows. */
  APP_ENV: z.enum(['EXP', 'PROD']).optional(),
  /** Comma-separated secrets for signing the session cookie and tokens; the first signs, all verify. */
  SESSION_SECRET: z.string().optional(),
  /** Base URL of the site (used for absolute links in messages). */
  PUBLIC_URL: z.string().url().optional(),
  /** 'true' when a proxy in front of the app sets X-Forwarded-For / X-Real-IP: only then are they believed. */
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  databaseUrl: string | undefined;
  dataDir: string;
  appEnv: 'EXP' | 'PROD';
  sessionSecrets: string[];
  /** Cookies carry Secure: when PUBLIC_URL is https, or in production on PostgreSQL when PUBLIC_URL is not set. */
  secureCookies: boolean;
  /** The client address headers come from our proxy (TRUST_PROXY); otherwise any client could choose its address. */
  trustProxy: boolean;
  migrationsDir: string;
};

const DEV_SECRET = 'readin-development-secret-change-me';

/**
 * The secret of a production server started without SESSION_SECRET (the experience environment of `npm start`): random,
 * made once and kept in DATA_DIR, so sessions survive a restart and no two installations share a secret. The
 * development secret is in the source code: anyone could sign tokens and cookies with it.
 */
function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start` uses the embedded database).
  const parsed = schema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  const appEnv = parsed.APP_ENV ?? (parsed.DATABASE_URL ? 'PROD' : 'EXP');
  const dataDir = path.resolve(parsed.DATA_DIR);
  const secrets = (parsed.SESSION_SECRET ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (secrets.length === 0) {
    if (parsed.NODE_ENV === 'production' && appEnv === 'PROD') {
      throw new Error('SESSION_SECRET must be set in production');
    }
    secrets.push(parsed.NODE_ENV === 'production' ? storedSecret(dataDir) : DEV_SECRET);
  }
  const production = parsed.NODE_ENV === 'production' && appEnv === 'PROD';
  return {
    nodeEnv: parsed.NODE_ENV,
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    appEnv,
    sessionSecrets: secrets,
    secureCookies: parsed.PUBLIC_URL ? parsed.PUBLIC_URL.startsWith('https://') : production,
    trustProxy: parsed.TRUST_PROXY === 'true' || parsed.TRUST_PROXY === '1',
    migrationsDir: path.resolve('drizzle'),
  };
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= readConfig();
  return cached;
}
