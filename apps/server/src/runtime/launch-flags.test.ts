import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../../launch';

const repository = new URL('../../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, repository), 'utf8');

/** The launch flags are spelled out again where a shell, not launch.ts, starts the bundle; they must not drift apart. */
describe('the server bundle runs with the flags of launch.ts', () => {
  it('under npm start', () => {
    const manifest = JSON.parse(read('apps/server/package.json')) as { scripts: { start: string } };
    expect(manifest.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js`);
  });

  it("in CI's smoke test on Node 22", () => {
    expect(read('.ci/run')).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} ${SERVER_BUNDLE}`);
  });
});
