// `npm run mutation:core`: StrykerJS over the domain core (the hybrid logical clock, the event
// reducer, the four engines' rules) with their fast unit tests. Not part of `npm test`; the scores per
// file are in docs/QUALITY.md § Domain core. The projector (src/core/services/projector.ts) is measured
// on its own. One mutant at a time: the build machine is shared.
import base from './stryker.config.mjs'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-core.config.mts' },
  // MUTATE narrows a run to some of these (comma-separated): one area at a time.
  mutate: process.env.MUTATE?.split(',') ?? [
    'src/shared/events/hlc.ts',
    'src/shared/events/reduce.ts',
    'src/shared/games/ennea/engine.ts',
    'src/shared/games/ennea/resolve.ts',
    'src/shared/games/wild-nine/engine.ts',
    'src/shared/games/wild-nine/actions.ts',
    'src/shared/games/wild-nine/scoring.ts',
    'src/shared/games/nine/engine.ts',
    'src/shared/games/nine/actions.ts',
    'src/shared/games/nine/scoring.ts',
    'src/shared/games/seven-eight-nine/engine.ts',
    'src/shared/games/seven-eight-nine/rules.ts',
    'src/shared/games/seven-eight-nine/actions.ts',
    'src/shared/games/seven-eight-nine/game.ts',
  ],
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? 'coverage/mutation/core.json' },
  tempDirName: '.tmp/stryker-core',
  concurrency: 1,
}
