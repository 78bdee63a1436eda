import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the first screen loads, read from the built index.html: the entry
 * module script, every modulepreload (Vite lists the entry's static imports
 * there) and every stylesheet. Lazy chunks (Chart.js, the Academy, the
 * comments modal) are not referenced there, so they do not count.
 */
export interface FirstScreenAsset {
  readonly path: string;
  readonly kind: 'js' | 'css';
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** The first screen's JavaScript budget, gzip (docs/architecture.md, Budgets). */
export const FIRST_SCREEN_JS_BUDGET_BYTES = 120 * 1024;

const TAG = /<(script|link)\b[^>]*>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i');

export function firstScreenAssets(distDir: string): FirstScreenAsset[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const assets = new Map<string, 'js' | 'css'>();
  for (const match of html.matchAll(TAG)) {
    const tag = match[0];
    if (match[1]?.toLowerCase() === 'script') {
      const src = ATTRIBUTE('src').exec(tag)?.[1];
      if (src) assets.set(src, 'js');
      continue;
    }
    const rel = ATTRIBUTE('rel').exec(tag)?.[1]?.toLowerCase();
    const href = ATTRIBUTE('href').exec(tag)?.[1];
    if (!href) continue;
    if (rel === 'modulepreload') assets.set(href, 'js');
    if (rel === 'stylesheet') assets.set(href, 'css');
  }
  return [...assets].map(([href, kind]) => {
    if (/^(https?:)?\/\//.test(href)) throw new Error(`index.html loads ${href} from another origin; its size cannot be checked`);
    const content = readFileSync(join(distDir, href.replace(/^\//, '').split(/[?#]/)[0] ?? ''));
    return { path: href, kind, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
}

export function totalGzip(assets: readonly FirstScreenAsset[], kind: 'js' | 'css'): number {
  return assets.filter((asset) => asset.kind === kind).reduce((sum, asset) => sum + asset.gzipBytes, 0);
}
