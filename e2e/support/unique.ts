/** A short token unique to this test run and call, for titles and categories other tests never use. */
export function uniqueToken(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}
