// `npm run mutation:projector`: StrykerJS over the projector (the projection tables kept in step with the
// event log) and what it computes a match with, against the database tests that check its rows. Not part
// of `npm test`; the scores are in docs/QUALITY.md § Projector. One mutant at a time: the build machine
// is shared.
import base from './stryker.config.mjs'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-projector.config.mts' },
  // MUTATE narrows a run to one of these: one file at a time.
  mutate: process.env.MUTATE?.split(',') ?? ['src/core/services/projector.ts', 'src/core/services/compute-match.ts'],
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? 'coverage/mutation/projector.json' },
  tempDirName: '.tmp/stryker-projector',
  concurrency: 1,
}
