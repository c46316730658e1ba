// The HAProxy configuration `npm run cluster` runs (docs/decisions/043-cluster-and-backups.md): one HTTP front, the app
// processes behind it with health checks on /readyz, a failed connection or an empty answer retried once on another
// process (GET only: HAProxy never replays a request with a body), and the process that answered named in X-Served-By.

export type HaproxyOptions = {
  /** The front's port (all interfaces of 127.0.0.1 only). */
  port: number;
  /** The app processes: a name each and its port on 127.0.0.1. */
  servers: { name: string; port: number }[];
  /** The admin socket `show stat` is read from (per-process request counts). */
  statsSocket: string;
  /** Health check every this many ms (default 1000; every half of it while a server changes state). */
  checkIntervalMs?: number;
};

export function haproxyConfig(options: HaproxyOptions): string {
  if (options.servers.length === 0) throw new Error('HAProxy needs at least one server');
  const names = new Set(options.servers.map((s) => s.name));
  if (names.size !== options.servers.length) throw new Error('server names must differ');
  for (const s of options.servers) if (!/^[a-z0-9_-]+$/i.test(s.name)) throw new Error(`bad server name: ${s.name}`);
  const inter = options.checkIntervalMs ?? 1_000;
  const lines = [
    'global',
    '  maxconn 4096',
    `  stats socket ${options.statsSocket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-keep-alive 4s',
    '  timeout queue 30s',
    // A loaded process answers /readyz late, not never: it stays in rotation (a failed check is a timeout of 10 s or an
    // answer other than 200, twice in a row; a draining process answers 503 at once).
    '  timeout check 10s',
    // A process that refused the connection (restarting) or closed it without answering (shutting down): the request
    // goes to another one. HAProxy retries only idempotent requests by default when the request may have been sent.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout 502 503',
    '  option http-server-close',
    '',
    'frontend readin',
    `  bind 127.0.0.1:${options.port}`,
    '  default_backend app',
    '',
    'backend app',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /readyz',
    '  http-check expect status 200',
    // The app sees the client's address (TRUST_PROXY=1), and the response names the process.
    '  option forwardfor',
    '  http-response set-header X-Served-By %[srv_name]',
    `  default-server inter ${inter}ms fastinter ${Math.max(100, Math.round(inter / 2))}ms fall 2 rise 2`,
    ...options.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ];
  return lines.join('\n');
}

export type ServerStat = { name: string; status: string; requests: number; http2xx: number; http5xx: number };

/** The backend's servers from the CSV of HAProxy's `show stat`. */
export function parseShowStat(csv: string, backend = 'app'): ServerStat[] {
  const [head, ...rows] = csv.trim().split('\n');
  const columns = head.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter((cells) => cells[at('pxname')] === backend && !['FRONTEND', 'BACKEND'].includes(cells[at('svname')]))
    .map((cells) => ({
      name: cells[at('svname')],
      status: cells[at('status')],
      requests: Number(cells[at('stot')] || 0),
      http2xx: Number(cells[at('hrsp_2xx')] || 0),
      http5xx: Number(cells[at('hrsp_5xx')] || 0),
    }));
}
