import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (apps/server) serves /api and the embedded identity service under /identity;
// in development Vite proxies both so the console talks to it same-origin, as in production.
const apiTarget = process.env.PARLEY_API_URL ?? 'http://127.0.0.1:3000';

/**
 * The public pages (`/p/…`) are an application of their own (public.html, src/public): in development
 * their addresses get that page, as the server does in production (apps/server/src/plugins/web.ts).
 */
const publicPagesInDevelopment: Plugin = {
  name: 'parley-public-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === '/p' || req.url?.startsWith('/p/')) req.url = '/public.html';
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), publicPagesInDevelopment],
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
    // The console only: the public pages (public.html) are built by vite.public.config.ts, with Preact,
    // into the same dist. Route modules of the console are split by dynamic import() in src/app/router.tsx.
    chunkSizeWarningLimit: 600,
  },
});
