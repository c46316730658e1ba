import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, sha256Hex, signingKey, signRequest, uriEncode } from '~/services/s3-signature.server';
import { S3Storage, storageFromEnv, LocalStorage } from '~/services/storage.server';

// The example values of AWS's documentation: "Authenticating Requests: Using the Authorization Header (AWS Signature
// Version 4)" in the Amazon S3 API reference, and "Examples of how to derive a signing key for Signature Version 4".
const creds = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const date = new Date('2013-05-24T00:00:00Z');

describe('AWS Signature Version 4', () => {
  it('derives the documented signing key', () => {
    expect(signingKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20120215', 'us-east-1', 'iam').toString('hex')).toBe(
      'f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d',
    );
  });

  it('signs the documented GET Object example', () => {
    const signed = signRequest(
      { method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/test.txt', headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256, date },
      creds,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the documented PUT Object example (a key with $ is percent-encoded)', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signRequest(
      {
        method: 'PUT',
        url: 'https://examplebucket.s3.amazonaws.com/test$file.text',
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: sha256Hex(body),
        date,
      },
      creds,
    );
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs the documented GET Bucket lifecycle and list-objects examples (query strings)', () => {
    const lifecycle = signRequest(
      { method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/?lifecycle', headers: {}, payloadHash: EMPTY_SHA256, date },
      creds,
    );
    expect(lifecycle.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
    const list = signRequest(
      { method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J', headers: {}, payloadHash: EMPTY_SHA256, date },
      creds,
    );
    expect(list.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('encodes like S3 expects', () => {
    expect(uriEncode('a b/c~d*', false)).toBe('a%20b%2Fc~d%2A');
    expect(uriEncode('노트', false)).toBe('%EB%85%B8%ED%8A%B8');
  });
});

describe('S3 storage', () => {
  it('sends signed path-style PutObject, GetObject and DeleteObject requests', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (init.method === 'GET') return new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/jpeg' } });
      return new Response(null, { status: init.method === 'DELETE' ? 204 : 200 });
    }) as unknown as typeof fetch;
    const s3 = new S3Storage({ ...creds, endpoint: 'https://storage.example.com/', bucket: 'readin', fetch: fakeFetch });
    await s3.put('notes/1/a.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg');
    const got = await s3.get('notes/1/a.jpg');
    await s3.delete('notes/1/a.jpg');
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'PUT https://storage.example.com/readin/notes/1/a.jpg',
      'GET https://storage.example.com/readin/notes/1/a.jpg',
      'DELETE https://storage.example.com/readin/notes/1/a.jpg',
    ]);
    const put = calls[0].init.headers as Record<string, string>;
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request,SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/);
    expect(put['x-amz-content-sha256']).toBe(sha256Hex(new Uint8Array([1, 2, 3])));
    expect(got).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: 'image/jpeg' });
  });

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

  it('refuses keys that climb out of the folder', async () => {
    const local = new LocalStorage('/tmp/readin-never');
    await expect(local.put('../etc/passwd', new Uint8Array(), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(local.get('notes/../../x')).rejects.toThrow(/unsafe/);
  });
});
