import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { refusalMessage } from './refusal';

const refused = (status: number, retryAfter?: number) => new ApiRequestError(status, 'Refused', undefined, retryAfter);

describe('refusalMessage', () => {
  it('says a like the server refused was not saved, and why', () => {
    expect(refusalMessage(refused(429, 30), 'like')).toBe("Like not saved. You're doing that too often. Try again in 30 seconds.");
    expect(refusalMessage(refused(429), 'like')).toBe("Like not saved. You're doing that too often. Try again in 60 seconds.");
    expect(refusalMessage(refused(503), 'like')).toBe('Like not saved. The library is busy right now. Please try again in a moment.');
  });

  it('leaves other failures to the log, as the spec says (section 8)', () => {
    expect(refusalMessage(refused(500), 'like')).toBeUndefined();
    expect(refusalMessage(refused(404), 'like')).toBeUndefined();
    expect(refusalMessage(new TypeError('Failed to fetch'), 'like')).toBeUndefined();
  });

  it('says a copy the server refused was not counted', () => {
    expect(refusalMessage(refused(429, 12), 'copy')).toBe("Copied, but not counted. You're doing that too often. Try again in 12 seconds.");
    expect(refusalMessage(refused(503), 'copy')).toBe(
      'Copied, but not counted. The library is busy right now. Please try again in a moment.',
    );
    expect(refusalMessage(refused(500), 'copy')).toBeUndefined();
    expect(refusalMessage(new TypeError('Failed to fetch'), 'copy')).toBeUndefined();
  });
});
