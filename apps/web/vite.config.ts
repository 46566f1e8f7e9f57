import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { buildHashPlugin } from './build/build-hash-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { prerenderPlugin } from './build/prerender-plugin.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The workspace packages' TypeScript source, not their compiled dist (decision 36).
  resolve: { conditions: ['@client-portal/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@client-portal/source', ...defaultServerConditions] } },
  plugins: [
    react(),
    buildHashPlugin({ root: repoRoot, dirs: ['apps/web/src', 'packages/contract/src'] }),
    prerenderPlugin(),
    precompressPlugin(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Inline assets would become data: URLs; keep every script a same-origin file for the CSP.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk beside the entry, not thirty requests of a few
        // hundred bytes each (decision 10: the sign-in page's load).
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/runtime-config.json': { target: apiTarget, changeOrigin: true },
    },
  },
});
