import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_SCREEN_JS_BUDGET_BYTES, firstScreenAssets, totalGzip } from './lib/first-screen';
import { ROOT } from './lib/processes';

/**
 * Part of `npm test` (run after the web build): fails when the JavaScript the
 * first screen loads exceeds the budget, gzip level 9. Sizes are exact, so
 * unlike timings this is a test.
 */
const dist = join(ROOT, 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build at ${dist}: run npm run build first.`);
  process.exit(1);
}
const assets = firstScreenAssets(dist);
const js = totalGzip(assets, 'js');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const asset of assets) console.log(`  ${asset.kind.padEnd(3)} ${kb(asset.gzipBytes).padStart(9)} gzip  ${asset.path}`);
const passed = js <= FIRST_SCREEN_JS_BUDGET_BYTES && assets.some((asset) => asset.kind === 'js');
console.log(`first-screen JavaScript: ${kb(js)} gzip, budget ${kb(FIRST_SCREEN_JS_BUDGET_BYTES)}: ${passed ? 'ok' : 'FAILED'}`);
if (!passed) {
  console.error(
    js > FIRST_SCREEN_JS_BUDGET_BYTES
      ? `First-screen JavaScript is ${kb(js - FIRST_SCREEN_JS_BUDGET_BYTES)} over budget: move code behind a lazy import.`
      : 'index.html loads no JavaScript: the build looks wrong.',
  );
  process.exit(1);
}
