import { createHash, createHmac } from 'node:crypto';

// AWS Signature Version 4 for the S3 REST API (header-based authentication), with node:crypto only.
// Reference: "Authenticating Requests: Using the Authorization Header (AWS Signature Version 4)", Amazon S3 API docs.

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service?: string };

export type SigV4Request = {
  method: string;
  /** Absolute URL of the request. */
  url: string;
  /** Headers to send and sign (host is added from the URL when absent). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
  /** The request time (its UTC second is used). */
  date: Date;
};

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** 20130524T000000Z */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[:-]|\.\d{3}/g, '');
}

/** RFC 3986 encoding as S3 expects: unreserved characters kept, everything else %XX (upper case). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The signing key: HMAC chain of date, region, service and 'aws4_request'. */
export function signingKey(secretAccessKey: string, dateStamp: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, dateStamp);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

export function canonicalRequest(req: SigV4Request): { text: string; signedHeaders: string; headers: Record<string, string> } {
  const url = new URL(req.url);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v.trim().replace(/\s+/g, ' ');
  headers.host ??= url.host;
  const names = Object.keys(headers).sort();
  // The path is already percent-encoded in the URL: decode each segment and encode it the S3 way.
  const path = url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const text = [
    req.method.toUpperCase(),
    path || '/',
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    req.payloadHash,
  ].join('\n');
  return { text, signedHeaders: names.join(';'), headers };
}

/** Signs a request: returns the headers to send, Authorization included. */
export function signRequest(req: SigV4Request, creds: SigV4Credentials) {
  const service = creds.service ?? 's3';
  const stamp = amzDate(req.date);
  const dateStamp = stamp.slice(0, 8);
  const withDate = { ...req, headers: { ...req.headers, 'x-amz-date': stamp, 'x-amz-content-sha256': req.payloadHash } };
  const canonical = canonicalRequest(withDate);
  const scope = `${dateStamp}/${creds.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonical.text)].join('\n');
  const signature = createHmac('sha256', signingKey(creds.secretAccessKey, dateStamp, creds.region, service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  const authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope},SignedHeaders=${canonical.signedHeaders},Signature=${signature}`;
  return { headers: { ...canonical.headers, authorization } as Record<string, string>, signature, stringToSign, canonicalRequest: canonical.text };
}
