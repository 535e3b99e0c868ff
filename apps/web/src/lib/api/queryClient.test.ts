import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { shouldRetry } from './queryClient';

describe('shouldRetry', () => {
  it('tries a query again, twice at most, when there was no answer or the server failed', () => {
    const network = new ApiError('offline', 'network', 0);
    const gone = new ApiError('lost', 'server', 503, 'DATABASE_UNAVAILABLE');
    expect([shouldRetry(0, network), shouldRetry(1, gone), shouldRetry(2, gone)]).toEqual([true, true, false]);
  });

  it('does not try again what the same request would fail again: a refusal, or a query cancelled past its time limit', () => {
    expect(shouldRetry(0, new ApiError('no', 'server', 422, 'VALIDATION_FAILED'))).toBe(false);
    expect(shouldRetry(0, new ApiError('slow', 'server', 503, 'REQUEST_TIMEOUT'))).toBe(false);
    expect(shouldRetry(0, new Error('not an API error'))).toBe(false);
  });
});
