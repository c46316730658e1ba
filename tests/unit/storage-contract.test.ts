import { createHash, createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, S3Storage, storageFromEnv, type Storage } from '~/services/storage.server';

// One contract for every upload store (docs/storage.md): the local folder, S3Storage against a small local server that
// plays S3 and checks each request's Signature Version 4, and, when configured, a real S3-compatible server.

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Every byte value once, so nothing is read back as text. */
const BINARY = Uint8Array.from({ length: 256 }, (_, i) => i);

function storageContract(make: () => Storage, prefix: () => string) {
  const key = (name: string) => `${prefix()}/${name}`;

  it('reads back the bytes and content type it stored', async () => {
    const store = make();
    await store.put(key('a.jpg'), BINARY, 'image/jpeg');
    const got = await store.get(key('a.jpg'));
    expect(got?.contentType).toBe('image/jpeg');
    expect(got && Buffer.compare(got.bytes, Buffer.from(BINARY))).toBe(0);
    await store.delete(key('a.jpg'));
  });

  it('answers null for a key never stored', async () => {
    expect(await make().get(key('never-stored.jpg'))).toBeNull();
  });

  it('overwrites an object put again under the same key', async () => {
    const store = make();
    await store.put(key('b.png'), new Uint8Array([1, 2, 3]), 'image/png');
    await store.put(key('b.png'), new Uint8Array([9, 8]), 'image/webp');
    expect(await store.get(key('b.png'))).toEqual({ bytes: Buffer.from([9, 8]), contentType: 'image/webp' });
    await store.delete(key('b.png'));
  });

  it('deletes an object; deleting a missing one is not an error', async () => {
    const store = make();
    await store.put(key('c.gif'), new Uint8Array([7]), 'image/gif');
    await store.delete(key('c.gif'));
    expect(await store.get(key('c.gif'))).toBeNull();
    await expect(store.delete(key('c.gif'))).resolves.toBeUndefined();
    await expect(store.delete(key('never-stored.gif'))).resolves.toBeUndefined();
  });

  it('refuses keys that climb out of their place', async () => {
    const store = make();
    await expect(store.put('../etc/passwd', new Uint8Array(), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(store.get(`${prefix()}/../../x`)).rejects.toThrow(/unsafe/);
    await expect(store.delete('/abs')).rejects.toThrow(/unsafe/);
  });
}

describe('local folder storage', () => {
  let root = '';
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'readin-storage-'));
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  storageContract(
    () => new LocalStorage(root),
    () => 'notes/u1',
  );

  it('keeps each object as a file under its folder', async () => {
    const store = new LocalStorage(root);
    await store.put('profile/p.webp', new Uint8Array([5]), 'image/webp');
    expect(await fs.readFile(path.join(root, 'profile', 'p.webp'))).toEqual(Buffer.from([5]));
    expect(await store.list()).toContain('profile/p.webp');
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// A server that plays S3: path-style PutObject, GetObject and DeleteObject, each request's Signature Version 4 checked
// the way S3 checks it (independently of the library that signs for the app).

type SignedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer };

/** Why S3 would refuse this request, or null when its signature is right. Requests without a query string only. */
function sigV4Problem(
  req: SignedRequest,
  expected: { accessKeyId: string; secretAccessKey: string; region: string; now?: Date },
): string | null {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
  if (!auth) return `no AWS4-HMAC-SHA256 Authorization header: ${req.headers.authorization}`;
  const [, accessKeyId, day, region, service, signedHeaders, signature] = auth;
  if (accessKeyId !== expected.accessKeyId) return `access key ${accessKeyId}`;
  if (region !== expected.region) return `region ${region}`;
  if (service !== 's3') return `service ${service}`;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return `x-amz-date ${amzDate}`;
  if (expected.now) {
    const at = Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13)}`,
    );
    if (Math.abs(at - expected.now.getTime()) > 15 * 60_000) return 'RequestTimeTooSkewed';
  }
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(req.body)) return `x-amz-content-sha256 ${payloadHash} is not the body's SHA-256`;
  const names = signedHeaders.split(';');
  for (const needed of ['host', 'x-amz-content-sha256', 'x-amz-date']) {
    if (!names.includes(needed)) return `${needed} is not signed`;
  }
  const canonicalRequest = [
    req.method,
    req.path,
    '',
    ...names.map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}`,
    ),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${expected.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const right = createHmac('sha256', key).update(stringToSign).digest('hex');
  return right === signature ? null : 'SignatureDoesNotMatch';
}

const EXAMPLE = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };

describe('the test server checks signatures as S3 does', () => {
  // "Authenticating Requests: Using the Authorization Header (AWS Signature Version 4)", Amazon S3 API reference.
  const get: SignedRequest = {
    method: 'GET',
    path: '/test.txt',
    body: Buffer.alloc(0),
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': sha256(''),
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
  };
  const put: SignedRequest = {
    method: 'PUT',
    path: '/test%24file.text',
    body: Buffer.from('Welcome to Amazon S3.'),
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      date: 'Fri, 24 May 2013 00:00:00 GMT',
      'x-amz-date': '20130524T000000Z',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    },
  };

  it("accepts AWS's documented GET Object and PUT Object examples", () => {
    expect(sigV4Problem(get, EXAMPLE)).toBeNull();
    expect(sigV4Problem(put, EXAMPLE)).toBeNull();
  });

  it('refuses them with another secret, region, range or body', () => {
    expect(sigV4Problem(get, { ...EXAMPLE, secretAccessKey: 'other' })).toBe('SignatureDoesNotMatch');
    expect(sigV4Problem(get, { ...EXAMPLE, region: 'ap-northeast-2' })).toBe('region us-east-1');
    expect(sigV4Problem({ ...get, headers: { ...get.headers, range: 'bytes=0-99' } }, EXAMPLE)).toBe('SignatureDoesNotMatch');
    expect(sigV4Problem({ ...put, body: Buffer.from('Welcome to Amazon S4.') }, EXAMPLE)).toMatch(/not the body's SHA-256/);
  });
});

type FakeS3 = { endpoint: string; requests: { method: string; path: string; problem: string | null }[]; close(): Promise<void> };

async function startFakeS3(bucket: string, creds: typeof EXAMPLE): Promise<FakeS3> {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = req.method ?? '';
    const urlPath = req.url ?? '';
    const problem = sigV4Problem({ method, path: urlPath, headers: req.headers, body }, { ...creds, now: new Date() });
    requests.push({ method, path: urlPath, problem });
    const error = (status: number, code: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
    };
    if (problem) return error(403, problem === 'SignatureDoesNotMatch' ? problem : 'AccessDenied');
    const prefix = `/${bucket}/`;
    if (!urlPath.startsWith(prefix) || urlPath.includes('?')) return error(400, 'InvalidRequest');
    const key = urlPath.slice(prefix.length);
    if (method === 'PUT') {
      objects.set(key, { bytes: body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
      res.writeHead(200).end();
    } else if (method === 'GET') {
      const object = objects.get(key);
      if (!object) return error(404, 'NoSuchKey');
      res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length }).end(object.bytes);
    } else if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      error(405, 'MethodNotAllowed');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('S3 storage against a local server that checks signatures', () => {
  const creds = { accessKeyId: 'READINTESTKEY', secretAccessKey: 'test-secret/with+chars', region: 'ap-northeast-2' };
  let fake: FakeS3;
  const s3 = (over: Partial<typeof creds> = {}) => new S3Storage({ ...creds, ...over, endpoint: `${fake.endpoint}/`, bucket: 'readin' });

  beforeAll(async () => {
    fake = await startFakeS3('readin', creds);
  });
  afterAll(async () => {
    await fake.close();
  });

  storageContract(
    () => s3(),
    () => 'notes/u1',
  );

  it('sends signed path-style requests, every one accepted', async () => {
    const from = fake.requests.length;
    const store = s3();
    await store.put('notes/u2/b3-x.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg');
    await store.get('notes/u2/b3-x.jpg');
    await store.delete('notes/u2/b3-x.jpg');
    expect(fake.requests.slice(from)).toEqual([
      { method: 'PUT', path: '/readin/notes/u2/b3-x.jpg', problem: null },
      { method: 'GET', path: '/readin/notes/u2/b3-x.jpg', problem: null },
      { method: 'DELETE', path: '/readin/notes/u2/b3-x.jpg', problem: null },
    ]);
    expect(fake.requests.every((r) => r.problem === null)).toBe(true);
  });

  it('fails loudly when the server refuses the signature', async () => {
    await expect(s3({ secretAccessKey: 'wrong' }).put('notes/u3/x.jpg', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
      /PutObject notes\/u3\/x.jpg failed: 403 .*SignatureDoesNotMatch/,
    );
    await expect(s3({ region: 'us-east-1' }).get('notes/u3/x.jpg')).rejects.toThrow(/GetObject notes\/u3\/x.jpg failed: 403/);
    expect(fake.requests.at(-1)?.problem).toBe('region us-east-1');
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('storage from the environment', () => {
  it('is chosen by S3_BUCKET and needs every S3 variable then; the local folder otherwise', () => {
    expect(storageFromEnv({})).toBeInstanceOf(LocalStorage);
    expect(() => storageFromEnv({ S3_BUCKET: 'b' })).toThrow();
    const s3 = storageFromEnv({
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'https://s3.ap-northeast-2.amazonaws.com',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_REGION: 'ap-northeast-2',
    });
    expect(s3.kind).toBe('s3');
  });
});

const s3Configured = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].every((name) => process.env[name]);

describe.skipIf(!s3Configured)(
  'S3-compatible server of the environment (runs only when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set)',
  () => {
    // Objects go under a fresh prefix and are deleted by the checks themselves.
    const run = `contract-test/${randomUUID()}`;
    storageContract(
      () => storageFromEnv(process.env),
      () => run,
    );
  },
);
