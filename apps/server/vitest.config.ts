import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps its loaded modules from one test file to the next instead of importing the server
    // again for each (a third of the suite's time); each file still builds its own app and database, and
    // no test mocks a module or changes process-wide state.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
