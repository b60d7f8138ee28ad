import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The light pages' builds (docs/architecture.md, "The public pages", "The sign-in page"): the public
 * pages (`--mode public`: public.html, src/public) and the sign-in page (`--mode login`: login.html,
 * src/login). The same components, written against React's API, rendered by Preact through
 * preact/compat, which is a tenth of react-dom's size. Each is a build of its own, run after the
 * console's (vite.config.ts) into the same dist with a manifest of its own
 * (`.vite/<page>-manifest.json`, read by the page-weight check too): a participant and an owner are
 * different people, so the two pages share no script and neither loads the other's texts.
 * Tests and the development server render these pages with React, like the console.
 */
const src = fileURLToPath(new URL('./src', import.meta.url));

const pages = ['public', 'login'] as const;

export default defineConfig(({ mode }) => {
  const page = pages.find((p) => p === mode);
  if (!page) throw new Error(`vite.light.config.ts builds one light page: --mode ${pages.join(' or ')}`);
  return {
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
      manifest: `.vite/${page}-manifest.json`,
      rollupOptions: { input: { [page]: fileURLToPath(new URL(`./${page}.html`, import.meta.url)) } },
    },
  };
});
