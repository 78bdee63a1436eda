import { build } from 'esbuild';

/**
 * Bundles the server into one ES module, apps/server/dist/main.js, which
 * `npm start` runs with plain node: running the TypeScript through tsx
 * instead cost about 55 MB of resident memory (its loader thread and
 * per-module state). See docs/decisions/0006. The SQLite threads' workers
 * (src/db/sqlite-read-worker.ts, src/db/sqlite-checkpoint-worker.ts) become
 * dist/sqlite-read-worker.js and dist/sqlite-checkpoint-worker.js beside it,
 * where the server looks for them (sqlite-threads.ts).
 *
 * Packages from node_modules stay external (better-sqlite3 is native, and
 * the others load as they would anyway); the workspace's own TypeScript
 * packages (@prompt-vault/*) are bundled, since node cannot load them.
 */
await build({
  entryPoints: {
    main: new URL('src/main.ts', import.meta.url).pathname,
    'sqlite-read-worker': new URL('src/db/sqlite-read-worker.ts', import.meta.url).pathname,
    'sqlite-checkpoint-worker': new URL('src/db/sqlite-checkpoint-worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(context) {
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@prompt-vault/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
