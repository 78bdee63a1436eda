import type { ApiError } from '@prompt-vault/shared/schemas';
import { getUserId } from './user-id';

/** A non-OK answer from the API, with the one error shape when the server sent it. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: ApiError | undefined,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(body?.message ?? `${status} ${statusText}`);
  }
}

export interface ApiRequest {
  readonly method?: 'GET' | 'POST';
  readonly body?: unknown;
  /** Send the visitor's user-id header (default true). */
  readonly withUserId?: boolean;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

export interface ApiResponse<T> {
  readonly data: T;
  readonly headers: Headers;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

async function readError(response: Response): Promise<ApiError | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && 'message' in body) return body as ApiError;
  } catch {
    // Not JSON (a proxy's error page, say): the status alone has to do.
  }
  return undefined;
}

/**
 * One place that talks to the API: JSON in and out, the user-id header, and
 * errors as ApiRequestError. A network failure rejects with the browser's
 * TypeError, which callers tell apart from an HTTP failure.
 */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.withUserId !== false) headers['user-id'] = getUserId();
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      response.statusText,
      await readError(response),
      parseRetryAfter(response.headers.get('Retry-After')),
    );
  }
  const data = (response.status === 204 ? undefined : await response.json()) as T;
  return { data, headers: response.headers };
}
