import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { consoleApiRoutes, consoleTexts } from './vite-plugins';

export default defineConfig({
  // The console's routes and texts as the build makes them (vite-plugins.ts); its CSS is not rendered.
  plugins: [react(), consoleApiRoutes(), consoleTexts()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Calls recorded by module mocks (lib/leave-page's leaveTo, setup-tests.ts) start afresh in each test.
    clearMocks: true,
    testTimeout: 30_000,
  },
});
