import { defineConfig } from 'vitest/config';

// The contract's own tests: its rules as plain functions and zod schemas, no server, no browser.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 10_000,
  },
});
