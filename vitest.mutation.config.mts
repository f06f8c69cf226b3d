import { defineConfig } from 'vitest/config'

/**
 * The tests StrykerJS runs against each mutant of the security and durability code (`npm run
 * mutation`): the tests written for those files. Not the ones that spawn child processes (the crash
 * and read-only tests run the source unmutated in a child, so they cannot kill a mutant), nor the
 * engines', matches', players' and stats' tests (they reach these files only in passing), nor the
 * 650 schema cases of tests/ipc/contract.test.ts (a minute or more per run on a busy machine).
 */
export default defineConfig({
  test: {
    include: [
      'tests/web/**/*.test.ts',
      'tests/main/**/*.test.ts',
      'tests/db/backup.test.ts',
      'tests/db/backup-hygiene.test.ts',
      'tests/db/backup-mutants.test.ts',
      'tests/db/open.test.ts',
      'tests/db/open-hardening.test.ts',
      'tests/db/open-mutants.test.ts',
      'tests/db/transaction.test.ts',
      'tests/db/close.test.ts',
      'tests/ipc/limits.test.ts',
      'tests/ipc/uploads-check.test.ts',
      'tests/ipc/disk-full.test.ts',
      // Club sync's wire checks (sign.ts, incoming.ts, hub-text.ts), without a hub.
      'tests/unit/sync/**/*.test.ts',
      // Which removals of a laptop hold (src/shared/events/device.ts).
      'tests/unit/events/device.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
