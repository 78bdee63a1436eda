/**
 * The one rule for a visitor's search text, applied by the API's query
 * schema (so the 200-character limit counts what is searched), the server's
 * cache keys and the web app's URL and chips: surrounding white space never
 * changes the results, and a blank text is no search (an empty string).
 */
export function searchTextOf(q: string | undefined): string {
  return (q ?? '').trim();
}
