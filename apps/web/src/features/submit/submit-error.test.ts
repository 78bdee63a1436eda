import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { describeSubmitFailure } from './submit-error';

describe('describeSubmitFailure', () => {
  it('reads a network failure (the browser rejects fetch with a TypeError)', () => {
    expect(describeSubmitFailure(new TypeError('Failed to fetch'))).toEqual({
      message: 'An error occurred. Please check your connection and try again.',
      fields: {},
    });
  });

  it("reads an HTTP failure and keeps the server's field messages", () => {
    const error = new ApiRequestError(
      400,
      'Bad Request',
      {
        error: 'VALIDATION_FAILED',
        message: 'Invalid input',
        fields: { title: 'Title is required', website: 'ignored' },
      },
      undefined,
    );
    expect(describeSubmitFailure(error)).toEqual({
      message: 'Failed to share prompt. Please try again.',
      fields: { title: 'Title is required' },
    });
  });

  it('reads a server error without a body', () => {
    expect(describeSubmitFailure(new ApiRequestError(502, 'Bad Gateway', undefined, undefined)).message).toBe(
      'Failed to share prompt. Please try again.',
    );
  });

  it("shows a duplicate's message with the link to the existing prompt", () => {
    const error = new ApiRequestError(
      409,
      'Conflict',
      {
        error: 'DUPLICATE',
        message: 'This prompt is already in the library.',
        link: '/prompts/abc123',
      },
      undefined,
    );
    expect(describeSubmitFailure(error)).toEqual({
      message: 'This prompt is already in the library.',
      link: '/prompts/abc123',
      fields: {},
    });
  });

  it('follows no link that is not a permalink', () => {
    const error = new ApiRequestError(
      409,
      'Conflict',
      {
        error: 'DUPLICATE',
        message: 'Duplicate',
        link: 'https://evil.example/prompts/x',
      },
      undefined,
    );
    expect(describeSubmitFailure(error).link).toBeUndefined();
  });

  it('says when to try again after a rate limit', () => {
    const error = new ApiRequestError(429, 'Too Many Requests', { error: 'RATE_LIMITED', message: 'Slow down' }, 42);
    expect(describeSubmitFailure(error).message).toBe("You're doing that too often. Try again in 42 seconds.");
  });
});
