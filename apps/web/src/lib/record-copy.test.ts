import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { postCopy } from './record-copy';

/** Stubs fetch with one answer and returns the recorded calls. */
function answerWith(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A browser whose localStorage holds `userId` (or nothing). */
function storedId(userId: string | null) {
  vi.stubGlobal('window', { localStorage: { getItem: (key: string) => (key === 'userId' ? userId : null), setItem: vi.fn() } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('postCopy', () => {
  it("posts with the JSON content type, no payload and 'anonymous' when no id is stored", async () => {
    storedId(null);
    const fetchMock = answerWith(Response.json({ copyCount: 7 }));

    await expect(postCopy('p/1')).resolves.toEqual({ copyCount: 7 });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/prompts/p%2F1/copy');
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'user-id': 'anonymous' });
  });

  it('sends the stored visitor id, and never creates one', async () => {
    storedId('user_stored123');
    const fetchMock = answerWith(Response.json({ copyCount: 1 }));

    await postCopy('p1');

    expect(fetchMock.mock.calls[0]![1].headers).toMatchObject({ 'user-id': 'user_stored123' });
  });

  it('rejects with the status when the server refuses, so callers can log it or explain a 429', async () => {
    storedId(null);
    answerWith(new Response('', { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '30' } }));

    const refusal = postCopy('p1');
    await expect(refusal).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refusal).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 });
  });
});
