import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) serves /api and the embedded identity service under /identity;
// in development Vite proxies both so the console talks to it same-origin, as in production.
const apiTarget = process.env.PARLEY_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
    // Route modules are split by dynamic import() in src/app/router.tsx; nothing to configure here.
    chunkSizeWarningLimit: 600,
  },
});
