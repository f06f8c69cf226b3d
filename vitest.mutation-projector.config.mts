import { defineConfig } from 'vitest/config'

/**
 * The tests StrykerJS runs against each mutant of the projector (`npm run mutation:projector`):
 * src/core/services/projector.ts and compute-match.ts, through the database tests that check the rows
 * they write: computeMatch's problems and statuses; a match row field by field (played to its end,
 * closed, abandoned, in progress; merged players' seats); first_round_at through rounds, undos and a rebuild;
 * the commit cache's key; round rows and their summaries; merged players' seats; the paths other than a
 * whole match written afresh (a round at the end, an import, a laptop taken out, matches the engine
 * cannot play, the rebuild a migration marks: tests/db/projector-paths). Not the club, record
 * and opponent totals after random histories (tests/db/club-totals, record-totals, opponents): they
 * compare the projector with a rebuild too, but take 15 to 40 seconds each under load, and nearly
 * every mutant of the projector is reached by every test (docs/QUALITY.md § Projector).
 */
export default defineConfig({
  test: {
    include: [
      'tests/db/compute-match.test.ts',
      'tests/db/projector-rows.test.ts',
      'tests/db/projector-paths.test.ts',
      'tests/db/leaner-commits.test.ts',
      'tests/db/round-counters.test.ts',
      'tests/ipc/match-cache.test.ts',
      'tests/ipc/merged-deleted-players.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
