import { defineConfig } from 'vitest/config'

/**
 * The tests StrykerJS runs against each mutant of the domain core (`npm run mutation:core`): the
 * hybrid logical clock, the event reducer and the four engines' rules, with their fast unit tests.
 * Not the engines' property tests (a thousand games per property: a minute or more per file) nor
 * their bench tests (which time a run); the example tests cite the rules in docs/rules/.
 */
export default defineConfig({
  test: {
    include: ['tests/unit/events/**/*.test.ts', 'tests/unit/games/**/*.test.ts'],
    exclude: ['**/properties.test.ts', '**/bench.test.ts', '**/node_modules/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
