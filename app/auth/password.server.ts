import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum: 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Security answers are compared normalised: case, spaces and width differences do not matter. */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

export function hashSecurityAnswer(answer: string): Promise<string> {
  return hash(normaliseAnswer(answer), OPTIONS);
}

export function verifySecurityAnswer(answerHash: string, answer: string): Promise<boolean> {
  return verifyPassword(answerHash, normaliseAnswer(answer));
}
