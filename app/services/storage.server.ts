import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { z } from 'zod';
import { config } from '~/config.server';
import { now } from '~/lib/clock.server';

// Object storage for uploads (architecture.md §6): a local folder by default (DATA_DIR/uploads), S3-compatible storage
// when S3_BUCKET is configured. docs/storage.md describes both.

export type StoredObject = { bytes: Buffer; contentType: string };

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments: 'notes/12/ab12.jpg'. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** Files under a folder; the content type is kept beside each file in `<file>.type`. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
    await fs.writeFile(`${file}.type`, contentType);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    try {
      const [bytes, contentType] = await Promise.all([
        fs.readFile(file),
        fs.readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream'),
      ]);
      return { bytes, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string) {
    const file = this.file(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.type`, { force: true });
  }

  /** Every key stored (tests check that a refused upload stored nothing). */
  async list(): Promise<string[]> {
    const out: string[] = [];
    const walk = async (dir: string, prefix: string) => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (e.isDirectory()) await walk(path.join(dir, e.name), `${prefix}${e.name}/`);
        else if (!e.name.endsWith('.type') && !e.name.endsWith('.tmp')) out.push(`${prefix}${e.name}`);
      }
    };
    await walk(this.root, '');
    return out.sort();
  }
}

export type S3Options = {
  /** e.g. https://s3.ap-northeast-2.amazonaws.com or https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** e.g. ap-northeast-2; R2 uses 'auto'. */
  region: string;
};

/** 20130524T000000Z: the X-Amz-Date form of a moment. */
function amzDate(date: Date) {
  return date.toISOString().replace(/[:-]|\.\d{3}/g, '');
}

/**
 * The S3 REST API's PutObject, GetObject and DeleteObject with path-style URLs (`<endpoint>/<bucket>/<key>`), which
 * AWS, MinIO, Cloudflare R2, Naver Cloud and NHN Cloud object storage all accept, signed with Signature Version 4 by
 * aws4fetch. The payload's SHA-256 is signed too (`x-amz-content-sha256`), not UNSIGNED-PAYLOAD.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;

  constructor(readonly options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    });
  }

  objectUrl(key: string) {
    assertSafeKey(key);
    const base = this.options.endpoint.replace(/\/+$/, '');
    return `${base}/${encodeURIComponent(this.options.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array, contentType?: string) {
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? new Uint8Array())
        .digest('hex'),
    };
    if (contentType) headers['content-type'] = contentType;
    const request = await this.client.sign(this.objectUrl(key), {
      method,
      headers,
      body: body ? Buffer.from(body) : undefined,
      aws: { datetime: amzDate(now()) },
    });
    return fetch(request);
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    const res = await this.send('PUT', key, bytes, contentType);
    if (!res.ok) throw new Error(`S3 PutObject ${key} failed: ${res.status} ${await res.text()}`);
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 GetObject ${key} failed: ${res.status}`);
    return { bytes: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async delete(key: string) {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DeleteObject ${key} failed: ${res.status}`);
  }
}

const s3Env = z.object({
  S3_ENDPOINT: z.string().url(),
  S3_BUCKET: z.string().min(1),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  S3_REGION: z.string().min(1).default('us-east-1'),
});

/** The storage the environment asks for: S3 when S3_BUCKET is set (all S3_* then required), else the local folder. */
export function storageFromEnv(env: Record<string, string | undefined> = process.env): Storage {
  if (env.S3_BUCKET) {
    const parsed = s3Env.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
    return new S3Storage({
      endpoint: parsed.S3_ENDPOINT,
      bucket: parsed.S3_BUCKET,
      accessKeyId: parsed.S3_ACCESS_KEY_ID,
      secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
      region: parsed.S3_REGION,
    });
  }
  return new LocalStorage(path.join(config().dataDir, 'uploads'));
}

const globalKey = Symbol.for('readin.storage');
const holder = globalThis as unknown as Record<symbol, Storage | undefined>;

export function storage(): Storage {
  return (holder[globalKey] ??= storageFromEnv());
}

/** Deletes an object nobody needs any more (an upload of a refused or repeated post, a replaced image); a failure is ignored. */
export async function discardStored(key: string) {
  await storage()
    .delete(key)
    .catch(() => {});
}

/** Tests install their own storage (pass undefined to go back to the configured one). */
export function useStorage(next: Storage | undefined) {
  holder[globalKey] = next;
}
