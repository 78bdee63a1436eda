import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ERROR_CODES } from '@prompt-vault/shared/errors';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../http/app-error';
import type { LibraryMcpDependencies } from './library-server';
import { createLibraryMcpServer } from './library-server';

export const MCP_PATH = '/mcp';

/*
 * For the OpenAPI description only: the SDK's transport checks the messages
 * (and answers a bad one with a JSON-RPC error), so these accept any object.
 */
const jsonRpcBody = z
  .union([z.looseObject({}), z.array(z.looseObject({}))])
  .describe('One JSON-RPC 2.0 message of the Model Context Protocol, or a batch; send Accept: application/json, text/event-stream');
const jsonRpcAnswer = z.looseObject({ jsonrpc: z.literal('2.0') }).describe('The JSON-RPC answer (result or error)');
const accepted = z.null().describe('A notification or answer was accepted; nothing to return');

/**
 * The MCP endpoint (Streamable HTTP), stateless: every POST carries one
 * JSON-RPC message or batch and gets its answer as plain JSON, from a server
 * made for that request. Nothing is kept between requests, so any instance
 * behind a load balancer can answer any of them, and no SSE stream is held
 * open. The route is hijacked: the SDK writes the answer itself, so the
 * compression and ETag hooks (which would rewrite a streamed body) never
 * touch it. The onRequest hooks still run first, so the read rate limit
 * applies per client IP as for the API, and the headers they set (security
 * headers) are copied onto the raw response.
 */
export const mcpRoutes: FastifyPluginAsync<LibraryMcpDependencies> = async (app, deps) => {
  app.post(
    MCP_PATH,
    { schema: { tags: ['mcp'], body: jsonRpcBody, response: { 200: jsonRpcAnswer, 202: accepted } } },
    async (request, reply) => {
      const server = createLibraryMcpServer(deps);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // A hijacked reply writes none of the headers the hooks set (the security headers): hand them to the raw response.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );

  // Without sessions there is no stream to open (GET) or end (DELETE); the
  // transport's specification answers both with 405. Declared here so the web
  // app's catch-all never answers GET /mcp with a page.
  const notAllowed = async (_request: unknown, reply: FastifyReply) => {
    reply.header('Allow', 'POST');
    throw new AppError(405, ERROR_CODES.methodNotAllowed, 'The MCP endpoint takes POST requests only');
  };
  app.get(MCP_PATH, { schema: { tags: ['mcp'] } }, notAllowed);
  app.delete(MCP_PATH, { schema: { tags: ['mcp'] } }, notAllowed);
};
