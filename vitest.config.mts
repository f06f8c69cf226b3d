import { svelte } from '@sveltejs/vite-plugin-svelte'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const shared = {
  environment: 'node',
  pool: 'forks',
  testTimeout: 120_000,
  hookTimeout: 120_000,
} as const

export default defineConfig({
  test: {
    // One test file per core (Vitest's default keeps one core free, which on a 2-core machine runs every
    // file in turn): the sync and database tests wait on child processes, workers and files much of the
    // time. Tests wait for events, never for a fixed time, so sharing the cores changes no outcome.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          ...shared,
          name: 'node',
          include: [
            'tests/unit/**/*.test.ts',
            'tests/db/**/*.test.ts',
            'tests/ipc/**/*.test.ts',
            'tests/web/**/*.test.ts',
            'tests/main/**/*.test.ts',
            'tests/sync/**/*.test.ts',
          ],
        },
      },
      {
        // The renderer's Svelte 5 rune modules (*.svelte.ts): compiled by the Svelte plugin for the client
        // (the environment below transforms for the browser, in plain Node) and run on Svelte's browser
        // runtime (the "browser" condition; Node's would make $effect a no-op), so $state, $derived and
        // $effect behave as in the page. Tests that use runes themselves are named *.svelte.test.ts.
        plugins: [svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.mjs') })],
        resolve: { conditions: ['browser'] },
        test: {
          ...shared,
          name: 'renderer',
          environment: './tests/renderer/client-environment.ts',
          include: ['tests/renderer/**/*.test.ts'],
        },
      },
    ],
  },
})
