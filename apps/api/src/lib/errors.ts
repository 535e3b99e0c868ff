/**
 * Errors the API answers with. Throw an AppError anywhere in a request: the
 * error handler turns it into the envelope `{status:false, code, message,
 * error, errorCode, data}` with the message translated to the caller's language.
 *
 * Codes are typed: every helper takes an `ErrorCode`, a key of the catalogue in
 * packages/contracts/src/errors.ts (each code's HTTP status and default message).
 * `fail(code)` takes both from the catalogue. The AppError constructor still
 * takes a string for the modules' own field helpers; the scan in
 * apps/api/test/error-codes.test.ts fails on any code of apps/api/src missing
 * from the catalogue.
 */
import { ERROR_CODES, type ErrorCode } from '@koperasi/contracts';

export type { ErrorCode } from '@koperasi/contracts';

export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** Stable machine-readable code, e.g. JOURNAL_UNBALANCED: an ErrorCode (checked by error-codes.test.ts). */
    readonly errorCode: ErrorCode | (string & {}),
    /** Catalogue key of the message (see packages/contracts/src/messages). */
    readonly messageKey: string,
    readonly params?: Record<string, unknown>,
    readonly fields?: FieldError[],
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/**
 * The error of a catalogued code: its status from the catalogue, its default message unless `key` names another
 * (more specific) message.
 */
export function fail(code: ErrorCode, params?: Record<string, unknown>, opts: { key?: string; fields?: FieldError[] } = {}): AppError {
  const spec = ERROR_CODES[code];
  return new AppError(spec.status, code, opts.key ?? spec.key, params, opts.fields);
}

export const badRequest = (errorCode: ErrorCode, key: string, params?: Record<string, unknown>, fields?: FieldError[]) =>
  new AppError(400, errorCode, key, params, fields);
export const unauthorized = (key = 'common.unauthorized') => new AppError(401, 'UNAUTHORIZED', key);
export const forbidden = (errorCode: ErrorCode = 'FORBIDDEN', key = 'common.forbidden_generic', params?: Record<string, unknown>) =>
  new AppError(403, errorCode, key, params);
export const notFound = (key = 'common.not_found', params?: Record<string, unknown>) => new AppError(404, 'NOT_FOUND', key, params);
export const conflict = (errorCode: ErrorCode, key: string, params?: Record<string, unknown>) => new AppError(409, errorCode, key, params);
/** A business rule refused the request (insufficient balance, closed period, ...). */
export const unprocessable = (errorCode: ErrorCode, key: string, params?: Record<string, unknown>) =>
  new AppError(422, errorCode, key, params);
export const tooManyRequests = (key = 'common.too_many_requests', params?: Record<string, unknown>) =>
  new AppError(429, 'TOO_MANY_REQUESTS', key, params);

/** Request validation failure carrying zod issues (raised by the validator compiler). */
export class RequestValidationError extends Error {
  statusCode = 400;
  code = 'FST_ERR_VALIDATION';
  validationContext?: string;
  constructor(readonly issues: ReadonlyArray<Record<string, unknown> & { path: PropertyKey[]; message: string; code: string }>) {
    super('validation failed');
  }
}

/** Thrown inside a transaction when an Idempotency-Key was already answered: the stored answer is sent again. */
export class IdempotentReplay extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super('idempotent replay');
  }
}
