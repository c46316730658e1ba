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
  /** Where the secret was kept when a production server started without SESSION_SECRET; null otherwise. */
  sessionSecretFile: string | null;
  /** Cookies carry Secure: when PUBLIC_URL is https, or in production on PostgreSQL when PUBLIC_URL is not set. */
  secureCookies: boolean;
  /** The client address headers come from our proxy (TRUST_PROXY); otherwise any client could choose its address. */
  trustProxy: boolean;
  /** PUBLIC_URL without a trailing slash, for absolute links in messages; null: the request's own origin is used. */
  publicUrl: string | null;
  migrationsDir: string;
};

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
    dataDir,
    appEnv,
    sessionSecrets: secrets,
    sessionSecretFile,
    secureCookies: parsed.PUBLIC_URL ? parsed.PUBLIC_URL.startsWith('https://') : production,
    trustProxy: parsed.TRUST_PROXY === 'true' || parsed.TRUST_PROXY === '1',
    publicUrl: parsed.PUBLIC_URL ? parsed.PUBLIC_URL.replace(/\/+$/, '') : null,
    migrationsDir: path.resolve('drizzle'),
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
  }
  return cached;
}
