import { describe, expect, it } from 'vitest';
import { HASH_CONCURRENCY, HASH_QUEUE, hashPassword, hashingLoad, verifyPassword } from '~/auth/password.server';

// A login flood cannot take every core: hashing runs HASH_CONCURRENCY at a time, HASH_QUEUE wait, the rest get 429.
describe('bounded password hashing', () => {
  it('runs at most 2 hashes at once and refuses past the queue with 429', async () => {
    expect([HASH_CONCURRENCY, HASH_QUEUE]).toEqual([2, 64]);
    const stored = await hashPassword('한글비밀번호입니다');
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, hashingLoad().running)), 1);
    const attempts = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE + 3 }, (_, i) =>
      verifyPassword(stored, i === 0 ? '한글비밀번호입니다' : `wrong-${i}`),
    );
    expect(hashingLoad()).toEqual({ running: HASH_CONCURRENCY, waiting: HASH_QUEUE });
    const results = await Promise.allSettled(attempts);
    clearInterval(watch);
    expect(peak).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(results[0]).toEqual({ status: 'fulfilled', value: true });
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', status: 429 });
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === false)).toHaveLength(HASH_CONCURRENCY + HASH_QUEUE - 1);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);
});

describe('passwords in Hangul', () => {
  it('are hashed and checked in NFC: composed syllables and jamo are the same password', async () => {
    const nfc = '가나다라마바사아';
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    expect(await verifyPassword(await hashPassword(nfc), nfd)).toBe(true);
    expect(await verifyPassword(await hashPassword(nfd), nfc)).toBe(true);
    expect(await verifyPassword(await hashPassword(nfc), '가나다라마바사자')).toBe(false);
  }, 30_000);
});
