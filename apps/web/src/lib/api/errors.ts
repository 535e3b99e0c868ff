/**
 * Errors of API calls, classified by the spec's universal pattern (section 8):
 *  - `server`: the API answered the envelope with status false → its message is shown;
 *  - `http`: a non-200 answer without a usable envelope → the generic message;
 *  - `network` / `timeout`: no answer → the error's own message.
 *
 * `errorCode` is typed by the server's catalogue (packages/contracts/src/errors.ts): comparing it with a code the
 * server never answers does not compile.
 */
import type { OAuthErrorCode, ErrorCode as ServerErrorCode } from '@koperasi/contracts';

/**
 * The codes an ApiError carries: the server's catalogue, the token endpoint's OAuth errors, and the two the sign-in
 * screen sets itself (wrong credentials, an answer without a token).
 */
export type ErrorCode = ServerErrorCode | OAuthErrorCode | 'BAD_CREDENTIALS' | 'EMPTY_RESULT';
export interface FieldError {
  field: string;
  message: string;
}

export type ApiErrorKind = 'server' | 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status (0 without an answer). */
    readonly status: number,
    /** Stable server code (VALIDATION_FAILED, PHONE_TAKEN, ...), from the catalogue. */
    readonly errorCode: ErrorCode | null = null,
    /** Fields at fault, with their (already translated) messages. */
    readonly fields: FieldError[] = [],
    /** The `data` of the error envelope, if any. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Whether an error is the server's answer with this catalogue code. */
export function hasErrorCode(e: unknown, code: ErrorCode): e is ApiError {
  return isApiError(e) && e.errorCode === code;
}
