import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstScreenAssets, totalGzip } from './first-screen';

describe('firstScreenAssets', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'first-screen-'));
    mkdirSync(join(dist, 'assets'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const file = (name: string, content: string) => writeFileSync(join(dist, name), content);
  const gzip = (content: string) => gzipSync(Buffer.from(content), { level: 9 }).length;

  it('counts the entry script, modulepreloads and stylesheets, not lazy chunks', () => {
    const entry = 'console.log("entry");'.repeat(50);
    const vendor = 'export const react = 1;'.repeat(80);
    const chart = 'export const chart = 2;'.repeat(500);
    const css = 'body{margin:0}'.repeat(20);
    file('assets/index.js', entry);
    file('assets/vendor.js', vendor);
    file('assets/chart.js', chart);
    file('assets/index.css', css);
    file(
      'index.html',
      `<!doctype html><html><head>
        <script type="module" crossorigin src="/assets/index.js"></script>
        <link rel="modulepreload" crossorigin href="/assets/vendor.js">
        <link rel="stylesheet" crossorigin href="/assets/index.css">
        <link rel="icon" href="/favicon.svg">
      </head><body></body></html>`,
    );
    const assets = firstScreenAssets(dist);
    expect(assets.map((asset) => asset.path)).toEqual(['/assets/index.js', '/assets/vendor.js', '/assets/index.css']);
    expect(totalGzip(assets, 'js')).toBe(gzip(entry) + gzip(vendor));
    expect(totalGzip(assets, 'css')).toBe(gzip(css));
  });

  it('refuses a script from another origin, whose size it cannot know', () => {
    file('index.html', '<script type="module" src="https://cdn.example.com/app.js"></script>');
    expect(() => firstScreenAssets(dist)).toThrow(/another origin/);
  });
});
