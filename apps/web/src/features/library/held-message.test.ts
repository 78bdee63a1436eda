import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { heldMessage } from './held-message';

describe('heldMessage', () => {
  it("holds 'Failed to fetch prompts: {status} {statusText}' for an HTTP failure", () => {
    expect(heldMessage(new ApiRequestError(503, 'Service Unavailable', undefined, undefined))).toBe(
      'Failed to fetch prompts: 503 Service Unavailable',
    );
    const withBody = new ApiRequestError(500, 'Internal Server Error', { error: 'INTERNAL_ERROR', message: 'x' }, undefined);
    expect(heldMessage(withBody)).toBe('Failed to fetch prompts: 500 Internal Server Error');
  });

  it("keeps the browser's message for a network failure", () => {
    expect(heldMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});
