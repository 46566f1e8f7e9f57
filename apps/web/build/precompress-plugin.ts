import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * Writes `.br` (brotli, best quality) and `.gz` (gzip, best) beside every text asset in `dir`, each
 * only where it is smaller than the asset (a tiny chunk may not shrink): whatever a browser asks for is
 * sent compressed when compressing saves anything. Answers the files it compressed.
 */
export function precompressDirectory(dir: string): string[] {
  const compressed: string[] = [];
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    if (brotli.length < content.length || gzip.length < content.length) compressed.push(file);
  }
  return compressed;
}

/**
 * Precompresses the build once (precompressDirectory), so the server sends the files as they are
 * (@fastify/static `preCompressed`) without compressing on each request.
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'client-portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}
