// The battery's timing group (scripts/battery.ts calls `timing`): whether an account exists must not show in how long
// an answer takes. Thirty samples of each kind, interleaved; the medians may differ by less than 50 ms.
import { request as httpRequest } from 'node:http';
import { Client, item, median } from '../lib/battery-harness';

export const TIMING_SAMPLES = 30;
export const TIMING_GAP_MS = 50;

/** Password recovery's first step for the seeded students (five a login id an hour: six of them give thirty). */
const RECOVERABLE: [string, string][] = [
  ['student', '김하늘'],
  ['student2', '이바다'],
  ['student3', '박지우'],
  ['student4', '최서연'],
  ['student8', '윤서아'],
  ['student6', '강예린'],
];

/** Accounts whose wrong passwords are timed: four each, under the account's limit of five failures. */
const SIGN_IN_ACCOUNTS = ['adult', 'student', 'student2', 'student3', 'student4', 'student5', 'student8', 'student9'];

/**
 * A JSON post from another loopback address (127.0.0.2): its failed sign-ins count against that address's limit, not
 * the one the login-flood item then fills from 127.0.0.1.
 */
function postFromOtherAddress(base: string, path: string, body: unknown): Promise<number> {
  const url = new URL(base);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        localAddress: '127.0.0.2',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const gapFigure = (real: number[], unknown: number[]) =>
  `median ${median(real).toFixed(0)} ms for real accounts, ${median(unknown).toFixed(0)} ms for unknown ones over ${real.length}+${unknown.length} samples`;

export async function timing(base: () => string) {
  // "Find my password": a real account (the code is sent by SMS) and an unknown one get the same answer, as fast.
  await item('enumeration-forgot-password', async () => {
    const realT: number[] = [];
    const fakeT: number[] = [];
    const shapes = new Set<string>();
    const statuses = new Set<number>();
    for (let i = 0; i < TIMING_SAMPLES; i++) {
      const [loginId, name] = RECOVERABLE[i % RECOVERABLE.length];
      for (const [id, who, times] of [
        [loginId, name, realT],
        [`nobody${i}x`, '없는사람', fakeT],
      ] as const) {
        const c = new Client(base());
        const hidden = await c.hiddenFields('/member/findPassword/student');
        const t0 = performance.now();
        const res = await c.postForm('/member/findPassword/student?_data=routes%2Fmember%2B%2FfindPassword.%24kind', {
          ...hidden,
          intent: 'identify',
          loginId: id,
          name: who,
        });
        const body = await res.json().catch(() => ({}));
        (times as number[]).push(performance.now() - t0);
        statuses.add(res.status);
        shapes.add(JSON.stringify(Object.keys(body).sort()) + JSON.stringify(Object.keys(body.challenge ?? {}).sort()));
      }
    }
    const gap = Math.abs(median(realT) - median(fakeT));
    return [
      statuses.size === 1 && statuses.has(200) && shapes.size === 1 && gap < TIMING_GAP_MS,
      `statuses ${[...statuses]}, shapes ${shapes.size}, gap ${gap.toFixed(0)} ms (${gapFigure(realT, fakeT)})`,
    ];
  });

  // Sign-in: a wrong password for a real account and any password for an unknown one take as long (both hash).
  await item('enumeration-login-timing', async () => {
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < TIMING_SAMPLES; i++) {
      for (const [id, list] of [
        [SIGN_IN_ACCOUNTS[i % SIGN_IN_ACCOUNTS.length], wrong],
        [`ghost${i}`, unknown],
      ] as const) {
        const t0 = performance.now();
        const status = await postFromOtherAddress(base(), '/api/auth/login', { loginId: id, password: `wrong-${i}` });
        list.push(performance.now() - t0);
        if (status !== 401) return [false, `${id}: status ${status}`];
      }
    }
    const gap = Math.abs(median(wrong) - median(unknown));
    return [gap < TIMING_GAP_MS, `gap ${gap.toFixed(0)} ms (${gapFigure(wrong, unknown)})`];
  });
}
