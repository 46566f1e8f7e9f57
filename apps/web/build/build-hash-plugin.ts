import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

export const BUILD_HASH_FILE = 'build-hash.txt';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * sha256 (first 16 hex) over the sources the bundle is built from. Paths are sorted and hashed with
 * the contents so the id is the same on every machine for the same sources.
 */
export function computeBuildHash(root: string, dirs: readonly string[]): string {
  const hash = createHash('sha256');
  const files = dirs.flatMap((dir) => listFiles(join(root, dir))).sort();
  for (const file of files) {
    hash.update(relative(root, file).split('\\').join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Bakes the build id into the app and writes it next to index.html; the server serves it as the config
 * entry ApplicationHash, and a browser whose built-in id differs reloads to pick up the new deploy.
 */
export function buildHashPlugin(options: { root: string; dirs: readonly string[] }): Plugin {
  let buildHash = '';
  return {
    name: 'client-portal-build-hash',
    config() {
      buildHash = computeBuildHash(options.root, options.dirs);
      return { define: { 'import.meta.env.VITE_APP_BUILD_HASH': JSON.stringify(buildHash) } };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILD_HASH_FILE, source: buildHash });
    },
  };
}
