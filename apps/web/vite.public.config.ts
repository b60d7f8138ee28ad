import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The public pages' build (public.html, src/public; docs/architecture.md, "The public pages"): the same
 * components, written against React's API, rendered by Preact through preact/compat, which is a
 * tenth of react-dom's size. Run after the console's build (vite.config.ts) into the same dist, with
 * a manifest of its own (`.vite/public-manifest.json`), which the page-weight check reads too.
 * Tests and the development server render these pages with React, like the console.
 */
const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: src },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: '.vite/public-manifest.json',
    rollupOptions: {
      input: { public: fileURLToPath(new URL('./public.html', import.meta.url)) },
    },
  },
});
