import { config } from 'zod/v4/core';

/**
 * Zod 4 compiles object parsers with `new Function` when it may, and finds
 * out whether it may by trying `Function('')` once. Under the web app's
 * Content-Security-Policy (no 'unsafe-eval') that probe is blocked and
 * reported as a CSP violation, even though Zod catches it. The browser calls
 * this before any parse, so Zod never tries; the server keeps the compiled
 * parsers.
 */
export function disableZodEval(): void {
  config({ jitless: true });
}
