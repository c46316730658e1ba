import { describe, expect, it } from 'vitest';
import { lockTimeoutMs, LOCK_TIMEOUT_MS } from '~/services/jobs/runner.server';
import { compareCounts, uploadsVerdict, writesVerdict } from '../../scripts/lib/backup-checks';
import { loadVerdict, probeVerdict, spread } from '../../scripts/lib/cluster-checks';
import { haproxyConfig, parseShowStat } from '../../scripts/lib/haproxy-config';

const servers = [
  { name: 'app1', port: 3141 },
  { name: 'app2', port: 3142 },
  { name: 'app3', port: 3143 },
];

describe('haproxyConfig', () => {
  const cfg = haproxyConfig({ port: 3140, servers, statsSocket: '/tmp/x/haproxy.sock' });

  it('checks /readyz on every app and names the one that answered', () => {
    expect(cfg).toContain('  bind 127.0.0.1:3140');
    expect(cfg).toContain('  http-check send meth GET uri /readyz');
    expect(cfg).toContain('  http-check expect status 200');
    expect(cfg).toContain('  http-response set-header X-Served-By %[srv_name]');
    expect(cfg).toContain('  server app1 127.0.0.1:3141 check');
    expect(cfg).toContain('  server app3 127.0.0.1:3143 check');
    expect(cfg).toContain('  stats socket /tmp/x/haproxy.sock mode 600 level admin');
  });

  it('retries a refused or unanswered request on another app and takes a failing one out at once', () => {
    expect(cfg).toContain('  retry-on conn-failure empty-response response-timeout 502 503');
    expect(cfg).toContain('  option redispatch 1');
    expect(cfg).toContain('  timeout check 10s');
    expect(cfg).toContain('  default-server inter 1000ms fastinter 500ms fall 2 rise 2');
  });

  it('refuses no server, the same name twice, or a name HAProxy cannot read', () => {
    expect(() => haproxyConfig({ port: 1, servers: [], statsSocket: 's' })).toThrow('at least one server');
    expect(() => haproxyConfig({ port: 1, servers: [servers[0], servers[0]], statsSocket: 's' })).toThrow('must differ');
    expect(() => haproxyConfig({ port: 1, servers: [{ name: 'a b', port: 2 }], statsSocket: 's' })).toThrow('bad server name');
  });
});

describe('parseShowStat and spread', () => {
  const csv = (a: number, b: number, c: number) =>
    [
      '# pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,status,weight,hrsp_1xx,hrsp_2xx,hrsp_3xx,hrsp_4xx,hrsp_5xx',
      'readin,FRONTEND,,,0,1,4096,9,0,0,0,0,0,,,,,OPEN,,0,9,0,0,0',
      `app,app1,0,0,0,1,,${a},0,0,,0,,0,0,0,0,UP,1,0,${a},0,0,0`,
      `app,app2,0,0,0,1,,${b},0,0,,0,,0,0,0,0,UP,1,0,${b},0,0,0`,
      `app,app3,0,0,0,1,,${c},0,0,,0,,0,0,0,0,DOWN,1,0,${c},0,0,1`,
      `app,BACKEND,0,0,0,1,,${a + b + c},0,0,0,0,,0,0,0,0,UP,2,0,0,0,0,0`,
      '',
    ].join('\n');

  it('reads each server of the backend, not the front or the backend line', () => {
    expect(parseShowStat(csv(3, 4, 5))).toEqual([
      { name: 'app1', status: 'UP', requests: 3, http2xx: 3, http5xx: 0 },
      { name: 'app2', status: 'UP', requests: 4, http2xx: 4, http5xx: 0 },
      { name: 'app3', status: 'DOWN', requests: 5, http2xx: 5, http5xx: 1 },
    ]);
  });

  it('counts what each process answered between two readings and wants a fair share on each', () => {
    const before = parseShowStat(csv(10, 10, 10));
    expect(spread(before, parseShowStat(csv(110, 105, 112)))).toEqual({
      counts: [
        { name: 'app1', requests: 100 },
        { name: 'app2', requests: 95 },
        { name: 'app3', requests: 102 },
      ],
      total: 297,
      ok: true,
    });
    expect(spread(before, parseShowStat(csv(200, 200, 11))).ok).toBe(false);
    expect(spread(before, before).ok).toBe(false);
  });
});

describe('probeVerdict', () => {
  const keys = ['k1', 'k2', 'k3'];
  it('passes when each job is COMPLETE with its effect once, and counts the ones taken over and run again', () => {
    const v = probeVerdict(
      keys,
      [
        { key: 'k1', state: 999, attempts: 1 },
        { key: 'k2', state: 999, attempts: 2 },
        { key: 'k3', state: 999, attempts: 2 },
      ],
      [
        { job_key: 'k1', worker_pid: 10, runs: 1 },
        { job_key: 'k2', worker_pid: 10, runs: 2 },
        { job_key: 'k3', worker_pid: 11, runs: 1 },
      ],
    );
    expect(v).toEqual({ jobs: 3, complete: 3, missing: 0, twice: 0, reclaimed: 2, rerun: 1, byPid: { 10: 2, 11: 1 }, ok: true });
  });

  it('fails on an effect recorded twice, one missing, or a job not COMPLETE', () => {
    const done = keys.map((key) => ({ key, state: 999, attempts: 1 }));
    const once = keys.map((job_key) => ({ job_key, worker_pid: 1, runs: 1 }));
    expect(probeVerdict(keys, done, [...once, { job_key: 'k2', worker_pid: 2, runs: 1 }])).toMatchObject({ twice: 1, ok: false });
    expect(probeVerdict(keys, done, once.slice(1))).toMatchObject({ missing: 1, ok: false });
    expect(probeVerdict(keys, [...done.slice(1), { key: 'k1', state: 2, attempts: 1 }], once)).toMatchObject({ complete: 2, ok: false });
  });
});

describe('loadVerdict', () => {
  it('fails a run with any error, timeout or non-2xx answer', () => {
    const base = { requests: { total: 100, average: 10 }, errors: 0, timeouts: 0, non2xx: 0 };
    expect(loadVerdict(base)).toEqual({ total: 100, perSecond: 10, failed: 0, ok: true });
    expect(loadVerdict({ ...base, non2xx: 1 }).ok).toBe(false);
    expect(loadVerdict({ ...base, errors: 1 }).ok).toBe(false);
    expect(loadVerdict({ ...base, requests: { total: 0, average: 0 } }).ok).toBe(false);
  });
});

describe('backup drill checks', () => {
  it('compares every table’s row count except the writer’s', () => {
    expect(compareCounts({ a: 2, b: 3, drill_writes: 9 }, { a: 2, b: 3, drill_writes: 5 }, ['drill_writes'])).toEqual({
      tables: 2,
      rows: 5,
      differing: [],
      ok: true,
    });
    expect(compareCounts({ a: 2, b: 3 }, { a: 2 })).toMatchObject({ differing: [{ table: 'b', source: 3, restored: null }], ok: false });
  });

  // Writes acknowledged at 1000, 1100, …; the backup ran from 1250 to 1600, its snapshot holds ids 1–4.
  const acked = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, at: 1000 + i * 100 }));
  it('keeps every write acknowledged before the backup began and says what it lost after', () => {
    expect(writesVerdict(acked, [1, 2, 3, 4], 1250, 1600)).toEqual({
      acknowledged: 7,
      restored: 4,
      lost: 3,
      lostBeforeStart: 0,
      gaps: 0,
      unknown: 0,
      rpoMs: 300,
      ok: true,
    });
  });

  it('fails on a lost early write, a gap, or a row nobody acknowledged', () => {
    expect(writesVerdict(acked, [1, 2], 1250, 1600)).toMatchObject({ lostBeforeStart: 1, ok: false });
    expect(writesVerdict(acked, [1, 2, 4], 1150, 1600)).toMatchObject({ gaps: 1, ok: false });
    expect(writesVerdict(acked, [1, 2, 3, 99], 1150, 1600)).toMatchObject({ unknown: 1, ok: false });
  });
});

describe('uploadsVerdict', () => {
  const file = (path: string, sha256 = 'a', size = 3) => ({ path, size, sha256 });
  const probe = 'drill-probe/x.txt';

  it('passes when every file and the probe come back with the same bytes', () => {
    const source = [file('notices/1.pdf'), file(probe, 'p')];
    expect(uploadsVerdict(source, [...source], probe)).toMatchObject({ files: 2, restored: 2, probeRestored: true, ok: true });
  });

  it('fails on a missing probe, a changed file, or a file the source did not have', () => {
    const source = [file('notices/1.pdf'), file(probe, 'p')];
    expect(uploadsVerdict(source, [file('notices/1.pdf')], probe)).toMatchObject({ probeRestored: false, missing: [probe], ok: false });
    expect(uploadsVerdict(source, [file('notices/1.pdf', 'b'), file(probe, 'p')], probe)).toMatchObject({
      missing: ['notices/1.pdf'],
      extra: ['notices/1.pdf'],
      ok: false,
    });
    expect(uploadsVerdict(source, [...source, file('old.png')], probe)).toMatchObject({ extra: ['old.png'], ok: false });
    // An empty folder restored from an empty folder still fails: the probe was written before the backup.
    expect(uploadsVerdict([file(probe, 'p')], [], probe).ok).toBe(false);
  });
});

describe('lockTimeoutMs', () => {
  it('is five minutes unless JOB_LOCK_TIMEOUT_MS gives a second or more', () => {
    expect(lockTimeoutMs({})).toBe(LOCK_TIMEOUT_MS);
    expect(lockTimeoutMs({ JOB_LOCK_TIMEOUT_MS: '4000' })).toBe(4000);
    expect(lockTimeoutMs({ JOB_LOCK_TIMEOUT_MS: '10' })).toBe(LOCK_TIMEOUT_MS);
    expect(lockTimeoutMs({ JOB_LOCK_TIMEOUT_MS: 'x' })).toBe(LOCK_TIMEOUT_MS);
  });
});
