import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/ipc/**/*.test.ts', 'tests/web/**/*.test.ts', 'tests/main/**/*.test.ts', 'tests/sync/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
