// The files of public/ (favicon.svg and the build's build/ folder), served from a list made when the server starts
// (docs/decisions/029, "Static files"). A page request costs a Map lookup instead of a file-system stat (express.static
// stat'ed public/ for every page: ENOENT each time, about 2.5 % of a page's CPU under load).
//
// Build files (/build/…) are fingerprinted and never change: they are sent with what the browser uses and nothing
// else (Content-Type, Content-Length, Content-Encoding when compressed, Cache-Control immutable, Vary, nosniff): no
// ETag, Last-Modified or Accept-Ranges (an immutable file is never revalidated, nor fetched in ranges), and no
// X-Request-Id. Scripts and styles were compressed at build time (scripts/build.mjs): brotli or gzip as the browser
// accepts, else the plain file. An unknown /build file is a 404 here, without reaching the app.
// Other files of public/ (the favicon) are small: kept in memory with their gzip and brotli forms, cached an hour.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.map', '.json', '.svg', '.txt']);
const typeOf = (file) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * @param {{ publicDir: string, rescanOnMiss?: boolean }} options
 *   rescanOnMiss: list the folder again when a /build file is not in the list (development, where the compiler
 *   rewrites the build while the server runs); never in production.
 * @returns {import('express').RequestHandler & { size: () => number }}
 */
export function staticFiles({ publicDir, rescanOnMiss = false }) {
  let files = scan(publicDir);
  const handler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const isBuild = req.path.startsWith('/build/');
    let entry = files.get(req.path);
    if (!entry && isBuild && rescanOnMiss) {
      files = scan(publicDir);
      entry = files.get(req.path);
    }
    if (!entry) {
      if (!isBuild) return next();
      res.removeHeader('X-Request-Id');
      res
        .status(404)
        .set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      return res.end(req.method === 'HEAD' ? undefined : 'Not Found');
    }
    // Brotli whenever the browser takes it (Chromium lists it after gzip: `gzip, deflate, br, zstd`), else gzip.
    const encoding = [...entry.variants.keys()].find((e) => req.acceptsEncodings(e) === e);
    const body = encoding ? entry.variants.get(encoding) : entry.plain;
    res.removeHeader('X-Request-Id');
    res.status(200);
    res.setHeader('Content-Type', entry.type);
    res.setHeader('Content-Length', body.size);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', isBuild ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    if (entry.variants.size) res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'HEAD') return res.end();
    if (body.bytes) return res.end(body.bytes);
    const stream = fs.createReadStream(body.file);
    stream.on('error', (error) => (res.headersSent ? res.destroy(error) : next(error)));
    stream.pipe(res);
  };
  handler.size = () => files.size;
  return handler;
}

/** URL path → { type, plain, variants (encoding → body) }; a body is { file, size } on disk or { bytes, size } in memory. */
function scan(publicDir) {
  const files = new Map();
  if (!fs.existsSync(publicDir)) return files;
  const all = fs.readdirSync(publicDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
  const onDisk = new Set(all.map((d) => path.join(d.parentPath ?? d.path, d.name)));
  for (const file of onDisk) {
    if (/\.(br|gz)$/.test(file) && onDisk.has(file.replace(/\.(br|gz)$/, ''))) continue;
    if (path.basename(file).startsWith('.')) continue;
    const url = '/' + path.relative(publicDir, file).split(path.sep).join('/');
    const ext = path.extname(file).toLowerCase();
    const variants = new Map();
    let plain;
    if (url.startsWith('/build/')) {
      plain = { file, size: fs.statSync(file).size };
      // Pre-compressed at build time: brotli first (smaller), then gzip.
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ]) {
        if (onDisk.has(file + suffix)) variants.set(encoding, { file: file + suffix, size: fs.statSync(file + suffix).size });
      }
    } else {
      const bytes = fs.readFileSync(file);
      plain = { bytes, size: bytes.length };
      if (COMPRESSIBLE.has(ext) && bytes.length > 256) {
        const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = zlib.gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) variants.set('br', { bytes: br, size: br.length });
        if (gz.length < bytes.length) variants.set('gzip', { bytes: gz, size: gz.length });
      }
    }
    files.set(url, { type: typeOf(file), plain, variants });
  }
  return files;
}
