import { PAGE_PATHS, promptPath } from '@prompt-vault/shared/site';

/** Every route path of the app, defined once (the server knows the same pages: packages/shared/src/site.ts). */
export const paths = {
  library: PAGE_PATHS.library,
  submit: PAGE_PATHS.submit,
  analytics: PAGE_PATHS.analytics,
  academy: PAGE_PATHS.academy,
  prompt: promptPath,
  /** The library filtered by one tag alone (the `tags` parameter of features/library/filters.ts): where a tag links. */
  tagged: (tag: string) => `${PAGE_PATHS.library}?${new URLSearchParams({ tags: tag }).toString()}`,
} as const;

/** A prompt's permalink as a whole address, for sharing outside the app (this site's origin). */
export function permalinkUrl(id: string): string {
  return new URL(promptPath(id), window.location.origin).href;
}
