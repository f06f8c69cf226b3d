// `npm run mutation`: StrykerJS over the security and durability code. Not part of
// `npm test` (it takes tens of minutes); the scores per file are in docs/QUALITY.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mts' },
  // MUTATE narrows a run to some of these (comma-separated), so the files can be measured in turns.
  mutate: process.env.MUTATE?.split(',') ?? [
    'src/web/server.ts',
    'src/core/ipc/dispatch.ts',
    'src/main/ipc/register.ts',
    'src/main/index.ts',
    'src/main/window.ts',
    'src/core/security.ts',
    'src/core/db/open.ts',
    'src/core/db/transaction.ts',
    'src/core/services/backup.ts',
    'src/core/private-files.ts',
  ],
  coverageAnalysis: 'perTest',
  // User-facing sentences are checked where they matter (by their key words); mutating every
  // character of every message would only multiply the run time.
  mutator: { excludedMutations: ['StringLiteral'] },
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? 'coverage/mutation/mutation.json' },
  tempDirName: '.tmp/stryker',
  concurrency: 2,
  timeoutMS: 30_000,
  cleanTempDir: 'always',
}
