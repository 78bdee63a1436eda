import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertPrompt } from '../prompts/insert-repository';
import { type TestApp, createTestApp } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import { META_PLACEHOLDER } from './static-web';

const ORIGIN = 'https://prompts.example.org';
const TITLE = `<b>Bold</b> & "quoted" 'single' $& $1`;
const TEXT = `Explain <script>alert(1)</script> & "why"\n\nin   two lines. ${'More words. '.repeat(30)}`;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The head's tags as a browser or link unfurler reads them: attribute values decoded. */
function head(html: string) {
  const meta = new Map<string, string>();
  for (const [, key, content] of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) {
    if (key && content !== undefined) meta.set(key, decode(content));
  }
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, title]) => decode(title ?? ''));
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
  return { meta, titles, canonical: canonical && decode(canonical) };
}

describe.each(TEST_DIALECTS)('link previews on %s', (dialect) => {
  let t: TestApp;
  let webRoot: string;
  beforeEach(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'prompt-vault-web-'));
    writeFileSync(
      join(webRoot, 'index.html'),
      `<!doctype html><html><head><meta charset="utf-8"><meta name="description" content="Generic." /><title>Prompt Vault</title>${META_PLACEHOLDER}</head><body><div id="root"></div></body></html>`,
    );
    t = await createTestApp(dialect, { PUBLIC_URL: ORIGIN }, { webRoot });
    await insertPrompt(t.database.db, {
      id: 'abc123',
      title: TITLE,
      prompt: TEXT,
      category: 'Writing',
      model: 'GPT-4o',
      created_at: '2025-01-01T00:00:00.000Z',
    });
  });
  afterEach(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("puts the prompt's title, description, Open Graph and Twitter tags into its permalink page, escaped", async () => {
    const response = await t.app.inject({ url: '/prompts/abc123' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).not.toContain('<b>Bold');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<div id="root"></div>');

    const { meta, titles, canonical } = head(html);
    const title = `${TITLE} · Prompt Vault`;
    expect(titles).toEqual([title]);
    expect(html).not.toContain('Generic.');
    const description = meta.get('description') ?? '';
    expect(description.startsWith('Explain <script>alert(1)</script> & "why" in two lines. More words.')).toBe(true);
    expect(description.endsWith('...')).toBe(true);
    expect([...description].length).toBe(203);
    expect(canonical).toBe(`${ORIGIN}/prompts/abc123`);
    expect(Object.fromEntries(meta)).toMatchObject({
      'og:type': 'article',
      'og:site_name': 'Prompt Vault',
      'og:title': title,
      'og:description': description,
      'og:url': `${ORIGIN}/prompts/abc123`,
      'twitter:card': 'summary',
      'twitter:title': title,
      'twitter:description': description,
      'pv:contact-email': 'owner@example.com',
    });
  });

  it('gives an unknown or hidden prompt the app with a 404 and the site preview', async () => {
    await insertPrompt(t.database.db, {
      id: 'gone',
      title: 'Hidden',
      prompt: 'x',
      category: 'x',
      model: 'x',
      status: 'hidden',
      created_at: '2025-01-01T00:00:00.000Z',
    });
    for (const id of ['nope', 'gone', 'a%20b', 'x'.repeat(65)]) {
      const response = await t.app.inject({ url: `/prompts/${id}` });
      expect(response.statusCode).toBe(404);
      expect(head(response.body).meta.get('og:url')).toBe(`${ORIGIN}/`);
      expect(response.body).toContain('<div id="root"></div>');
    }
    // NUL never reaches a handler (plugins/reject-nul.ts): a plain 404.
    expect((await t.app.inject({ url: '/prompts/%00odd' })).statusCode).toBe(404);
  });

  it('gives every other page the site preview', async () => {
    for (const url of ['/', '/submit', '/prompt-academy/beginner']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      const { meta, titles } = head(response.body);
      expect(titles).toEqual([`${MESSAGES.library.title} · Prompt Vault`]);
      expect(meta.get('og:type')).toBe('website');
      expect(meta.get('description')).toBe(MESSAGES.library.subtitle);
    }
  });
});
