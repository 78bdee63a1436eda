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
/** A part of the sitemap index, once the library passes SITEMAP_MAX_URLS. */
export const SITEMAP_PART_ROUTE = '/sitemaps/:part';
export function sitemapPartPath(part: number): string {
  return `/sitemaps/${part}.xml`;
}
export const ROBOTS_PATH = '/robots.txt';
/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Characters of a prompt's text in a link preview's description or a feed summary. */
export const LINK_PREVIEW_LENGTH = 200;

/** The spec's top-level pages (section 2) and where the Academy's pages start. */
export const PAGE_PATHS = { library: '/', submit: '/submit', analytics: '/analytics', academy: '/prompt-academy' } as const;

/**
 * Whether a path is one of the app's pages (the permalink page aside, which
 * the server answers itself): the top-level pages, and every path under the
 * Academy, whose unknown sub-paths show a section overview (spec section 2).
 */
export function isAppPagePath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.values(PAGE_PATHS).includes(trimmed as never) || trimmed.startsWith(`${PAGE_PATHS.academy}/`);
}

/** The robots.txt every crawler reads first: everything may be crawled; the sitemap lists the prompts. */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${publicUrl}${SITEMAP_PATH}\n`;
}

/** The permalink page of a prompt, relative to the site's origin. */
export function promptPath(id: string): string {
  return `/prompts/${encodeURIComponent(id)}`;
}

/** A prompt's text as one line, cut for a link preview or feed summary. */
export function linkPreviewText(text: string): string {
  return previewText(text.replace(/\s+/g, ' ').trim(), LINK_PREVIEW_LENGTH).text;
}
