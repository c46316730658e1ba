// `node scripts/battery-plants.mjs [plant[,plant…] …]`: shows that the battery can fail. Each plant is a known regression
// (one per group of items, and one per payment item) written into a copy of this checkout (built code and app code,
// node_modules linked), never into the checkout itself; the battery then runs its items on that copy, and the plant
// counts as caught when every one of its items FAILs. Plants joined by commas go into one copy and one run. Build first (`npm run build`). Exit code: plants not caught.
// BATTERY_PG_URL and BATTERY_PORT pass through to the battery (the payment-job items need PostgreSQL).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

/** @type {Record<string, { items: string[]; edits: [file: string, from: string, to: string][] }>} */
const PLANTS = {
  // The edge reads the raw path again (issue 30's first finding): /api/../member/login is an API path to its rules.
  edge: {
    items: ['edge-paths-body-limit', 'edge-paths-methods'],
    edits: [['server/index.mjs', 'req.edgePath = canonicalPath(req.originalUrl);', "req.edgePath = req.originalUrl.split('?')[0];"]],
  },
  // Image work unbounded again: every photo of a burst at once, on all of libvips's threads.
  uploads: {
    items: ['upload-burst'],
    edits: [
      ['build/index.js', 'var IMAGE_JOBS_AT_ONCE = 1, IMAGE_QUEUE_MAX = 60,', 'var IMAGE_JOBS_AT_ONCE = 64, IMAGE_QUEUE_MAX = 60,'],
      ['build/index.js', 'sharp.concurrency(1);', 'sharp.concurrency(0);'],
    ],
  },
  // A real account waits for the SMS provider inside the request again (about 250 ms).
  timing: {
    items: ['enumeration-forgot-password'],
    edits: [
      [
        'build/index.js',
        '  let code = await issueCode(user.id, RECOVERY_PURPOSE, RECOVERY_CODE_TTL_MS);\n  return await sendMessageSoon({',
        '  let code = await issueCode(user.id, RECOVERY_PURPOSE, RECOVERY_CODE_TTL_MS);\n  await new Promise((r) => setTimeout(r, 250));\n  return await sendMessageSoon({',
      ],
    ],
  },
  // The temporary password no longer holds an account back (the API serves it).
  idor: {
    items: ['api-temporary-password'],
    edits: [
      [
        'build/index.js',
        'return user.authorities.includes("MIGRATION") || user.mustChangePassword === !0;',
        'return user.authorities.includes("MIGRATION");',
      ],
    ],
  },
  // The refund's balance is not checked: the provider is asked to cancel more than is left.
  'pay-refund-over-balance': {
    items: ['pay-refund-over-balance'],
    edits: [['build/index.js', '      if (input.amount > balance)\n', '      if (!1)\n']],
  },
  // The refund row's key is made anew on each post: the same form twice records two refunds.
  'pay-refund-double': {
    items: ['pay-refund-double'],
    edits: [
      [
        'build/index.js',
        'reason, idempotencyKey: input.key, requestedByUserId',
        'reason, idempotencyKey: `${input.key}-${Math.random().toString(36).slice(2)}`, requestedByUserId',
      ],
    ],
  },
  // The webhook's body is believed: a payment it calls DONE succeeds without asking the provider.
  'pay-webhook-forged': {
    items: ['pay-webhook-forged'],
    edits: [
      [
        'build/index.js',
        '  order && await reconcileOrder(order.orderId);',
        '  order && order.status === 1 && body10?.data?.status === "DONE" ? await db().transaction((tx) => markSucceeded(tx, order.id, {})) : order && await reconcileOrder(order.orderId);',
      ],
    ],
  },
  // The Basic authorization is logged with every provider call.
  'pay-secret-key-nowhere': {
    items: ['pay-refund-over-balance', 'pay-secret-key-nowhere'],
    expectFail: ['pay-secret-key-nowhere'],
    edits: [
      [
        'build/index.js',
        'authorization = `Basic ${Buffer.from(`${config2.secretKey}:`).toString("base64")}`,',
        'authorization = `Basic ${Buffer.from(`${config2.secretKey}:`).toString("base64")}`, _planted = console.log(`toss ${authorization}`),',
      ],
    ],
  },
  // A lost confirm answer fails the order although the provider approved it.
  'pay-confirm-answer-lost': {
    items: ['pay-confirm-answer-lost'],
    edits: [
      ['build/index.js', 'return error.kind === "network" || error.status >= 500 || UNSETTLED_CODES.has(error.code) ?', 'return !1 ?'],
    ],
  },
  // The sweep finds nothing overdue: the order stays WAITING and its late return is confirmed.
  'pay-expiry-sweep': {
    items: ['pay-expiry-sweep'],
    edits: [['app/services/payments/order-confirmation.server.ts', 'lte(payments.expiresAt, at)', 'lte(payments.expiresAt, new Date(0))']],
  },
  // Each run of the charge makes its own order (a fresh id, not claimed): two runners charge twice.
  'pay-billing-twice': {
    items: ['pay-billing-twice'],
    edits: [
      [
        'app/services/payments/automatic-charges.server.ts',
        "export const automaticOrderId = (organisationId: number, month: string, tier: Tier) =>\n  `AUTO-${organisationId}-${month.replace('-', '')}-${tier}`;",
        "export const automaticOrderId = (organisationId: number, month: string, tier: Tier) =>\n  `AUTO-${organisationId}-${month.replace('-', '')}-${tier}-${process.pid}`;",
      ],
      ['app/services/payments/automatic-charges.server.ts', '        confirmStartedAt: at,\n', ''],
    ],
  },
};

const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(PLANTS);
let missed = 0;
for (const set of chosen) {
  const names = set.split(',');
  const plants = names.map((name) => {
    if (!PLANTS[name]) throw new Error(`no plant ${name}: ${Object.keys(PLANTS).join(', ')}`);
    return PLANTS[name];
  });
  const copy = mkdtempSync(join(tmpdir(), `battery-plant-`));
  const copied = spawnSync(
    'rsync',
    [
      '-a',
      '--exclude',
      'node_modules',
      '--exclude',
      '.git',
      '--exclude',
      'screenshots',
      '--exclude',
      'test-results',
      '--exclude',
      'data',
      `${ROOT}/`,
      `${copy}/`,
    ],
    { stdio: 'inherit' },
  );
  if (copied.status !== 0) throw new Error('copy failed');
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  for (const [i, plant] of plants.entries()) {
    for (const [file, from, to] of plant.edits) {
      const path = join(copy, file);
      const text = readFileSync(path, 'utf8');
      const at = text.indexOf(from);
      if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`${names[i]}: the text to replace is not in ${file} exactly once`);
      writeFileSync(path, text.replace(from, to));
    }
  }
  const items = [...new Set(plants.flatMap((p) => p.items))];
  console.log(`# plants ${names.join(', ')}: ${items.join(', ')}`);
  const run = spawnSync('node_modules/.bin/tsx', ['scripts/battery.ts'], {
    cwd: copy,
    env: { ...process.env, BATTERY_ONLY: items.join(',') },
    encoding: 'utf8',
  });
  const lines = (run.stdout ?? '').split('\n').filter((l) => /^(PASS|FAIL) /.test(l));
  for (const line of lines) console.log(`  ${line}`);
  if (!lines.length) console.log((run.stderr ?? '').slice(-2000) || (run.stdout ?? '').slice(-2000));
  for (const [i, plant] of plants.entries()) {
    const expected = plant.expectFail ?? plant.items;
    const caught = expected.every((item) => lines.some((l) => l.startsWith(`FAIL ${item} `)));
    console.log(`# plant ${names[i]}: ${caught ? 'caught' : 'NOT caught'}`);
    if (!caught) missed++;
  }
  rmSync(copy, { recursive: true, force: true });
}
process.exit(missed);
