import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { consoleApiRoutes, consoleTexts, mantineCssPerComponent } from './vite-plugins';

// The API server (apps/server) serves /api and the embedded identity service under /identity;
// in development Vite proxies both so the console talks to it same-origin, as in production.
const apiTarget = process.env.PARLEY_API_URL ?? 'http://127.0.0.1:3000';

/**
 * The public pages (`/p/…`) and the sign-in page (`/login`) are applications of their own (public.html,
 * login.html): in development their addresses get those pages, as the server does in production
 * (apps/server/src/plugins/web.ts).
 */
const lightPagesInDevelopment: Plugin = {
  name: 'parley-light-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [pathname = '', query = ''] = (req.url ?? '').split(/(?=\?)/);
      if (pathname === '/p' || pathname.startsWith('/p/')) req.url = '/public.html';
      if (pathname === '/login') req.url = `/login.html${query}`;
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), lightPagesInDevelopment, consoleApiRoutes(), consoleTexts(), mantineCssPerComponent()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/identity': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph, for tools that report what a page loads (npm run bench).
    manifest: true,
    // The console only: the light pages (public.html, login.html) are built by vite.light.config.ts, with
    // Preact, into the same dist. Route modules of the console are split by dynamic import() in src/app/router.tsx.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Mantine's index re-exports every component: without this, every component a lazy screen uses
      // counts as reachable from the entry through it, and the shell's chunks pull in floating-ui,
      // focus traps and scroll areas no first screen renders.
      experimental: { lazyBarrel: true },
    },
  },
});
