/** A value no single-valued query parameter accepts, so validation answers 400 instead of ignoring it. */
export interface StructuredQueryValue {
  readonly structured: string;
}

/**
 * Parses a query string as the API reads it: each parameter once, as text.
 * Fastify's default parser turns `q=a&q=b` into an array, and keeps
 * `limit[]=5` or `limit[a]=5` as keys of their own that validation never
 * sees, so those were silently ignored. Here a repeated parameter becomes an
 * array and a bracketed one an object under its plain name: neither is text
 * or a number, so the route's schema refuses it with a 400 naming it.
 *
 * The object has no prototype, so a parameter named after a property every
 * object inherits (`__proto__`, `constructor`, `toString`...) is a parameter
 * like any other. With a plain `{}`, as before, `__proto__=1` found
 * Object.prototype there and replaced it with the array
 * `['[object Object]', '1']`, which became the query's prototype, and the
 * route refused `sort` (the inherited Array.prototype.sort) though the
 * request never sent one.
 */
export function parseQueryString(text: string): Record<string, string | string[] | StructuredQueryValue> {
  const query: Record<string, string | string[] | StructuredQueryValue> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const bracket = rawKey.indexOf('[');
    const key = bracket > 0 ? rawKey.slice(0, bracket) : rawKey;
    const existing = query[key];
    if (bracket > 0) query[key] = { structured: rawKey };
    else if (existing === undefined) query[key] = value;
    else query[key] = [...(Array.isArray(existing) ? existing : [String(existing)]), value];
  }
  return query;
}
