// The checks of `npm run backup:drill` (scripts/backup-drill.ts), apart from the processes it runs so that they are
// tested (tests/unit/backup-checks.test.ts).

/** Row counts per table: every table of the source restored with its count (the drill's writer table apart). */
export function compareCounts(source: Record<string, number>, restored: Record<string, number>, skip: string[] = []) {
  const tables = Object.keys(source)
    .filter((t) => !skip.includes(t))
    .sort();
  const differing = tables
    .filter((t) => restored[t] !== source[t])
    .map((t) => ({ table: t, source: source[t], restored: restored[t] ?? null }));
  const rows = tables.reduce((sum, t) => sum + source[t], 0);
  return { tables: tables.length, rows, differing, ok: differing.length === 0 };
}

/** One write the writer had acknowledged: its id and when the commit returned (ms since the epoch). */
export type Ack = { id: number; at: number };

/**
 * What the restore kept of the acknowledged writes. Every write acknowledged before the backup began must be there
 * (`lostBeforeStart` = 0), none may be missing below the last one restored (`gaps` = 0: the restore is a consistent
 * snapshot), and nothing restored was never acknowledged. `lost`: the acknowledged writes the restore does not have,
 * and `rpoMs` the time between the last restored write's acknowledgement and the last acknowledgement before
 * `failureAt` (the moment the database is taken to be lost: the end of the backup in the drill).
 */
export function writesVerdict(acked: Ack[], restoredIds: number[], backupStartedAt: number, failureAt: number) {
  const restored = new Set(restoredIds);
  const ackedIds = new Set(acked.map((a) => a.id));
  const lastRestored = restoredIds.length ? Math.max(...restoredIds) : 0;
  const beforeFailure = acked.filter((a) => a.at <= failureAt);
  const lost = beforeFailure.filter((a) => !restored.has(a.id));
  const lostBeforeStart = acked.filter((a) => a.at < backupStartedAt && !restored.has(a.id)).length;
  const gaps = acked.filter((a) => a.id <= lastRestored && !restored.has(a.id)).length;
  const unknown = restoredIds.filter((id) => !ackedIds.has(id)).length;
  const lastRestoredAck = acked.find((a) => a.id === lastRestored)?.at ?? backupStartedAt;
  const lastAck = beforeFailure.length ? beforeFailure[beforeFailure.length - 1].at : lastRestoredAck;
  return {
    acknowledged: beforeFailure.length,
    restored: restoredIds.length,
    lost: lost.length,
    lostBeforeStart,
    gaps,
    unknown,
    rpoMs: Math.max(0, lastAck - lastRestoredAck),
    ok: lostBeforeStart === 0 && gaps === 0 && unknown === 0 && restoredIds.length > 0,
  };
}

/** A file of the uploads folder as the drill lists it: its path under the folder, its size and its SHA-256. */
export type UploadFile = { path: string; size: number; sha256: string };

/**
 * What the restore kept of the uploads folder: every source file back at its path with the same bytes (size and
 * SHA-256), nothing else, and the drill's own probe file (written into the folder just before the backup) among them:
 * a restore that brings back an empty or a stale folder fails on the probe even when the folder had nothing else.
 */
export function uploadsVerdict(source: UploadFile[], restored: UploadFile[], probePath: string) {
  const key = (f: UploadFile) => `${f.path}:${f.size}:${f.sha256}`;
  const back = new Set(restored.map(key));
  const had = new Set(source.map(key));
  const missing = source.filter((f) => !back.has(key(f))).map((f) => f.path);
  const extra = restored.filter((f) => !had.has(key(f))).map((f) => f.path);
  const probe = source.find((f) => f.path === probePath);
  const probeRestored = !!probe && back.has(key(probe));
  return {
    files: source.length,
    restored: restored.length - extra.length,
    missing,
    extra,
    probeRestored,
    ok: probeRestored && missing.length === 0 && extra.length === 0,
  };
}
