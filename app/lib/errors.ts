// Domain errors carry the spec's error codes (spec §8) and the Korean message the user sees. Services throw them;
// UI routes render the message beside the form, /api routes answer `{ code, message }`.
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status for the JSON API. */
    readonly status = 400,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/** A database error from a unique index (PostgreSQL 23505), as node-postgres or PGlite report it. */
export const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505');

/** A refusal as the API answers it (`{ code, message }` with its status): what a service lists for the API's description. */
export type ApiFailure = { code: string; message: string; status?: number };
