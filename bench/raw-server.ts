import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { type RawResponse, rawResponseKey } from './lib/raw-responses';

/**
 * The baseline: a bare node:http server answering each benchmarked path with
 * the exact bytes and headers the app answered (compressed when the app's
 * answer was, for the same Accept-Encoding), from memory. Run as its own
 * process, like the app, so both compete for the CPU alike.
 * Usage: node --import tsx bench/raw-server.ts <responses.json> <port>
 */

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: raw-server.ts <responses.json> <port>');
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, RawResponse>).map(([path, response]) => [
    path,
    { headers: response.headers, body: Buffer.from(response.body, 'base64') },
  ]),
);

createServer((request, reply) => {
  const response = responses.get(rawResponseKey(request.url ?? '', request.headers['accept-encoding']));
  if (!response) {
    reply.writeHead(404).end();
    return;
  }
  reply.writeHead(200, { ...response.headers, 'content-length': String(response.body.length) });
  reply.end(response.body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
