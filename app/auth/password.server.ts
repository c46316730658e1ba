import { hash, verify } from '@node-rs/argon2';
import { boundedQueue } from '~/lib/bounded-queue.server';
import { DomainError } from '~/lib/errors';

// argon2id with the OWASP minimum: 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashing is bounded in concurrency: at most HASH_CONCURRENCY hashes run at once and at most HASH_QUEUE wait,
 * so a flood of sign-ins cannot take every core (and every libuv thread) from the other requests. Past the queue the
 * attempt is refused at once with the sign-in limit's 429.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 64;
export const hashingBusy = () => new DomainError('TOO_MANY_ATTEMPTS', '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.', 429);

const hashing = boundedQueue({ atOnce: HASH_CONCURRENCY, waitingMax: HASH_QUEUE, busy: hashingBusy });
const bounded = <T>(work: () => Promise<T>): Promise<T> => hashing.run(work);

/** Hashes running and waiting now (tests and the battery read it). */
export const hashingLoad = hashing.state;

/**
 * Passwords are hashed and checked in NFC: a Hangul password typed as composed syllables and one typed as jamo (NFD,
 * as some keyboards and platforms send it) are the same password.
 */
export const normalisePassword = (password: string) => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(normalisePassword(password), OPTIONS));
}

/** A hash made before passwords were normalised, from a password sent in NFD, still matches that password as it was. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const nfc = normalisePassword(password);
  const check = (candidate: string) =>
    bounded(async () => {
      try {
        return await verify(passwordHash, candidate);
      } catch {
        return false;
      }
    });
  return (await check(nfc)) || (nfc !== password && (await check(password)));
}

/** Security answers are compared normalised: case, spaces and width differences do not matter. */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

export function hashSecurityAnswer(answer: string): Promise<string> {
  return bounded(() => hash(normaliseAnswer(answer), OPTIONS));
}

export function verifySecurityAnswer(answerHash: string, answer: string): Promise<boolean> {
  return verifyPassword(answerHash, normaliseAnswer(answer));
}
