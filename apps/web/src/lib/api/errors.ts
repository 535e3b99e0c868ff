/**
 * Errors of API calls, classified by the spec's universal pattern (section 8):
 *  - `server`: the API answered the envelope with status false → its message is shown;
 *  - `http`: a non-200 answer without a usable envelope → the generic message;
 *  - `network` / `timeout`: no answer → the error's own message.
 */
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
    /** Stable server code (VALIDATION_FAILED, PHONE_TAKEN, ...). */
    readonly errorCode: string | null = null,
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
