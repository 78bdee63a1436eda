import { previewText } from './text';

/**
 * The site's public surface beyond the spec: its name in link previews and
 * feeds, the feed and sitemap paths, and how much text a preview shows.
 */
export const SITE_NAME = 'Prompt Vault';

/** Atom feed of the newest prompts, linked from the library page. */
export const FEED_PATH = '/feed.xml';
export const FEED_ENTRY_COUNT = 50;

export const SITEMAP_PATH = '/sitemap.xml';
/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Characters of a prompt's text in a link preview's description or a feed summary. */
export const LINK_PREVIEW_LENGTH = 200;

/** The permalink page of a prompt, relative to the site's origin. */
export function promptPath(id: string): string {
  return `/prompts/${encodeURIComponent(id)}`;
}

/** A prompt's text as one line, cut for a link preview or feed summary. */
export function linkPreviewText(text: string): string {
  return previewText(text.replace(/\s+/g, ' ').trim(), LINK_PREVIEW_LENGTH).text;
}
