import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES, type ErrorCode } from '@prompt-vault/shared/errors';

/** How often Node checks open connections against the request timeout (its default is 30 s). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1000;

function answerFor(error: NodeJS.ErrnoException): { status: number; code: ErrorCode; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: ERROR_CODES.requestTimeout, message: 'The request did not arrive in time' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: ERROR_CODES.badRequest, message: 'The request headers are too large' };
  }
  return { status: 400, code: ERROR_CODES.badRequest, message: 'The request is not valid HTTP' };
}

/**
 * Node's HTTP parser errors and request timeouts, which never reach a route
 * or the error handler: answered in the one error shape where the socket can
 * still be written to, then closed. A client that hung up (ECONNRESET) gets
 * nothing; there is no one to answer.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = answerFor(error);
  if (socket.writable) {
    const body = JSON.stringify({ error: code, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
