import { MESSAGES } from '@prompt-vault/shared/messages';
import {
  FEED_ENTRY_COUNT,
  FEED_PATH,
  PAGE_PATHS,
  SITE_NAME,
  SITEMAP_MAX_URLS,
  linkPreviewText,
  promptPath,
  robotsTxt,
  sitemapPartPath,
} from '@prompt-vault/shared/site';
import { escapeXml } from '../http/escape-xml';
import type { PromptsService } from '../prompts/service';

/** The site's pages that are the same for everyone, listed in the sitemap before the prompts. */
export const STATIC_PAGES = Object.values(PAGE_PATHS);

export interface FeedsService {
  /** Atom feed of the newest visible prompts. */
  atom(): Promise<string>;
  /**
   * Sitemap of the site's pages and every visible prompt's permalink (newest
   * first); past the protocol's 50,000 URLs, a sitemap index of parts.
   */
  sitemap(): Promise<string>;
  /** One part of a sitemap index (1-based), or undefined past the last. */
  sitemapPart(part: number): Promise<string | undefined>;
  /** robots.txt: everything may be crawled; it names the sitemap's absolute URL. */
  robots(): string;
}

export function createFeedsService(
  prompts: PromptsService,
  publicUrl: string,
  /** URLs per sitemap file: the protocol's limit (tests pass a small one). */
  maxUrls: number = SITEMAP_MAX_URLS,
): FeedsService {
  const absolute = (path: string) => `${publicUrl}${path}`;
  // Part 1 also lists the static pages, so every part holds at most maxUrls URLs.
  const promptsPerPart = maxUrls - STATIC_PAGES.length;
  const urlEntry = (path: string, lastModified?: string) =>
    `  <url><loc>${escapeXml(absolute(path))}</loc>${lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : ''}</url>`;
  const urlset = (entries: string[]) =>
    [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries,
      '</urlset>',
      '',
    ].join('\n');
  return {
    robots: () => robotsTxt(publicUrl),
    async atom() {
      // The library's own first page (cached like any page), seen by no one in particular.
      const newest = (await prompts.list({ sort: 'newest', limit: FEED_ENTRY_COUNT }, undefined)).prompts;
      // An empty library's feed still needs an <updated>; the epoch says "never".
      const updated = newest[0]?.createdAt ?? new Date(0).toISOString();
      const tagScheme = escapeXml(absolute('/?tags='));
      const entries = newest.map((prompt) => {
        const link = escapeXml(absolute(promptPath(prompt._id)));
        return [
          '  <entry>',
          `    <id>${link}</id>`,
          `    <title>${escapeXml(prompt.title)}</title>`,
          `    <link rel="alternate" type="text/html" href="${link}"/>`,
          `    <published>${escapeXml(prompt.createdAt)}</published>`,
          `    <updated>${escapeXml(prompt.createdAt)}</updated>`,
          `    <category term="${escapeXml(prompt.category)}" label="${escapeXml(prompt.category)}"/>`,
          // Tags as categories of their own scheme: the scheme followed by the term is the library filtered by the tag.
          ...prompt.tags.map((tag) => `    <category term="${escapeXml(tag)}" scheme="${tagScheme}" label="${escapeXml(tag)}"/>`),
          `    <summary>${escapeXml(linkPreviewText(prompt.prompt))}</summary>`,
          `    <content type="text">${escapeXml(prompt.prompt)}</content>`,
          '  </entry>',
        ].join('\n');
      });
      return [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        `  <id>${escapeXml(absolute('/'))}</id>`,
        `  <title>${escapeXml(MESSAGES.library.title)}</title>`,
        `  <subtitle>${escapeXml(MESSAGES.library.subtitle)}</subtitle>`,
        `  <link rel="self" type="application/atom+xml" href="${escapeXml(absolute(FEED_PATH))}"/>`,
        `  <link rel="alternate" type="text/html" href="${escapeXml(absolute('/'))}"/>`,
        `  <updated>${escapeXml(updated)}</updated>`,
        `  <author><name>${escapeXml(SITE_NAME)}</name></author>`,
        `  <generator>${escapeXml(SITE_NAME)}</generator>`,
        ...entries,
        '</feed>',
        '',
      ].join('\n');
    },

    async sitemap() {
      const total = await prompts.countVisible();
      if (total + STATIC_PAGES.length <= maxUrls) {
        const stamps = await prompts.stamps({ order: 'newest', limit: maxUrls - STATIC_PAGES.length });
        return urlset([
          ...STATIC_PAGES.map((path) => urlEntry(path)),
          ...stamps.map((stamp) => urlEntry(promptPath(stamp.id), stamp.createdAt)),
        ]);
      }
      // Past the protocol's 50,000 URLs per file: an index of parts, oldest
      // prompts first, so a new prompt changes only the last part.
      const parts = Math.ceil(total / promptsPerPart);
      const entries = Array.from(
        { length: parts },
        (_, index) => `  <sitemap><loc>${escapeXml(absolute(sitemapPartPath(index + 1)))}</loc></sitemap>`,
      );
      return [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...entries,
        '</sitemapindex>',
        '',
      ].join('\n');
    },

    async sitemapPart(part) {
      if (!Number.isInteger(part) || part < 1) return undefined;
      const stamps = await prompts.stamps({ order: 'oldest', offset: (part - 1) * promptsPerPart, limit: promptsPerPart });
      if (stamps.length === 0 && part > 1) return undefined;
      return urlset([
        ...(part === 1 ? STATIC_PAGES.map((path) => urlEntry(path)) : []),
        ...stamps.map((stamp) => urlEntry(promptPath(stamp.id), stamp.createdAt)),
      ]);
    },
  };
}
