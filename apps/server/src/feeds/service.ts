import { MESSAGES } from '@prompt-vault/shared/messages';
import { FEED_ENTRY_COUNT, FEED_PATH, PAGE_PATHS, SITE_NAME, SITEMAP_MAX_URLS, linkPreviewText, promptPath, robotsTxt } from '@prompt-vault/shared/site';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import { escapeXml } from '../http/escape-xml';
import * as repository from '../prompts/repository';
import { toPrompt } from '../prompts/service';

/** The site's pages that are the same for everyone, listed in the sitemap before the prompts. */
export const STATIC_PAGES = Object.values(PAGE_PATHS);

export interface FeedsService {
  /** Atom feed of the newest visible prompts. */
  atom(): Promise<string>;
  /** Sitemap of the site's pages and every visible prompt's permalink (newest first, up to the protocol's limit). */
  sitemap(): Promise<string>;
  /** robots.txt: everything may be crawled; it names the sitemap's absolute URL. */
  robots(): string;
}

export function createFeedsService(db: Kysely<Database>, dialect: Dialect, publicUrl: string): FeedsService {
  const absolute = (path: string) => `${publicUrl}${path}`;
  return {
    robots: () => robotsTxt(publicUrl),
    async atom() {
      const rows = await repository.listPrompts(db, dialect, {}, { sort: 'newest', limit: FEED_ENTRY_COUNT }, undefined);
      const prompts = rows.map(toPrompt);
      // An empty library's feed still needs an <updated>; the epoch says "never".
      const updated = prompts[0]?.createdAt ?? new Date(0).toISOString();
      const entries = prompts.map((prompt) => {
        const link = escapeXml(absolute(promptPath(prompt._id)));
        return [
          '  <entry>',
          `    <id>${link}</id>`,
          `    <title>${escapeXml(prompt.title)}</title>`,
          `    <link rel="alternate" type="text/html" href="${link}"/>`,
          `    <published>${escapeXml(prompt.createdAt)}</published>`,
          `    <updated>${escapeXml(prompt.createdAt)}</updated>`,
          `    <category term="${escapeXml(prompt.category)}" label="${escapeXml(prompt.category)}"/>`,
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
      const stamps = await repository.listPromptStamps(db, SITEMAP_MAX_URLS - STATIC_PAGES.length);
      const url = (path: string, lastModified?: string) =>
        `  <url><loc>${escapeXml(absolute(path))}</loc>${lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : ''}</url>`;
      return [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...STATIC_PAGES.map((path) => url(path)),
        ...stamps.map((stamp) => url(promptPath(stamp.id), stamp.created_at)),
        '</urlset>',
        '',
      ].join('\n');
    },
  };
}
