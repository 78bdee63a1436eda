import { request } from 'node:http';

/** An answer as the app sent it, for the raw baseline to replay byte for byte. */
export interface RawResponse {
  readonly headers: Record<string, string>;
  /** The body as it went over the wire (compressed if it was), base64. */
  readonly body: string;
}

/** Headers the raw baseline does not replay: node:http writes its own. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** Answers differ by path and by the encoding asked for. */
export function rawResponseKey(path: string, acceptEncoding: string | undefined): string {
  return `${path} ${acceptEncoding ?? ''}`;
}

/**
 * Asks the app once with node:http, which (unlike fetch) neither adds an
 * Accept-Encoding nor decodes the body, so the bytes kept are the bytes sent.
 */
export function captureResponse(baseUrl: string, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`${path} answered ${response.statusCode}`));
          return;
        }
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !TRANSPORT_HEADERS.has(name)) kept[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
