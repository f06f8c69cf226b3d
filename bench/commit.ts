/**
 * Commit benchmark: how long entering one round takes through the IPC handler path (validation,
 * engine replay, event append, projections, summaries, in one WAL + synchronous=FULL transaction)
 * when the match already has 10 or 200 rounds, against inserting the same event row and round rows
 * with plain better-sqlite3 in one transaction on a file with the same pragmas, measured in turns.
 *
 * Prints `BENCH commit-round-4p rounds_before=<n> app_ms=<x> raw_ms=<y> ratio=<raw/app>` and writes
 * the `## Commit` section of docs/BENCHMARKS.md. Target: ratio >= 0.5 at both lengths.
 */
import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { createCore } from '../src/core/core'
import { tempDir } from '../tests/helpers/tmp'
import { loadLine, median, runBench, writeSection } from './report'

const SAMPLES = 41
/** Each length is measured in this many fresh data folders (one match each), its samples pooled: with one folder, the median ratio moved by ±0.03 between runs. */
const RUNS = 9
const LENGTHS = [10, 200]
const WARM_UP_ROUNDS = 200

const roundFor = (i: number) => {
  const w = i % 4
  return { type: 'round', wentOut: w, points: [0, 1, 2, 3].map((k) => (k === w ? 0 : 1 + ((i + k) % 4))) }
}

async function measure(roundsBefore: number): Promise<{ app: number[]; raw: number[] }> {
  const t = tempDir('ninekeeper-bench-commit-')
  const core = createCore({ dataDir: t.dir, mode: 'web', version: 'bench', log: () => {}, autoBackup: false })
  const raw = new Database(`${t.dir}/raw.sqlite`)
  try {
    raw.pragma('journal_mode = WAL')
    raw.pragma('synchronous = FULL')
    raw.exec(`
      CREATE TABLE events (id TEXT PRIMARY KEY, device_id TEXT NOT NULL, device_seq INTEGER NOT NULL, hlc TEXT NOT NULL,
        kind TEXT NOT NULL, v INTEGER NOT NULL, subject TEXT NOT NULL, payload TEXT NOT NULL) STRICT;
      CREATE INDEX events_subject ON events(subject, hlc, id);
      CREATE INDEX events_device ON events(device_id, device_seq);
      CREATE TABLE round_results (match_id TEXT NOT NULL, round INTEGER NOT NULL, seat INTEGER NOT NULL, player_id TEXT NOT NULL,
        game_id TEXT NOT NULL, score INTEGER NOT NULL, total INTEGER NOT NULL, won_round INTEGER NOT NULL, details_json TEXT NOT NULL,
        played_at TEXT NOT NULL, PRIMARY KEY (match_id, round, seat)) STRICT;
    `)
    const insEvent = raw.prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?, 1, ?, ?)')
    const insRound = raw.prepare('INSERT INTO round_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    const rawCommit = raw.transaction((n: number) => {
      const action = roundFor(n)
      insEvent.run(
        randomUUID(),
        'dev',
        n,
        `${String(Date.now()).padStart(15, '0')}.${String(n).padStart(6, '0')}.dev`,
        'match.action',
        'match',
        JSON.stringify({ action }),
      )
      for (let s = 0; s < 4; s++)
        insRound.run(
          'match',
          n,
          s,
          `p${s}`,
          'wild-nine',
          action.points[s],
          n,
          s === action.wentOut ? 1 : 0,
          '{"entry":"points"}',
          new Date().toISOString(),
        )
    })

    const call = async (channel: string, input: unknown): Promise<unknown> => {
      const r = await core.dispatch(channel, input)
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
      return r.value
    }
    const players: string[] = []
    for (const name of ['Ana', 'Bo', 'Cy', 'Di'])
      players.push(((await call('players:create', { name })) as { id: string }).id)
    const match = (await call('matches:create', {
      gameId: 'wild-nine',
      playerIds: players,
      options: { houseRules: { cutoff: 10000 } },
    })) as { id: string }
    for (let i = 0; i < roundsBefore; i++) {
      await call('matches:apply', { id: match.id, action: roundFor(i) })
      rawCommit(i)
    }
    const app: number[] = []
    const rawT: number[] = []
    for (let k = 0; k < SAMPLES; k++) {
      const n = roundsBefore + k
      let t0 = performance.now()
      await call('matches:apply', { id: match.id, action: roundFor(n) })
      app.push(performance.now() - t0)
      t0 = performance.now()
      rawCommit(n)
      rawT.push(performance.now() - t0)
    }
    return { app, raw: rawT }
  } finally {
    raw.close()
    core.close()
    t.cleanup()
  }
}

async function main(): Promise<void> {
  // A warm-up match in a data folder of its own, not counted: both paths run compiled by the JIT, as
  // in an app that has been open for a while (cold, the first length measured the compiler).
  await measure(WARM_UP_ROUNDS)
  const rows: string[] = []
  for (const n of LENGTHS) {
    const app: number[] = []
    const rawT: number[] = []
    for (let k = 0; k < RUNS; k++) {
      const one = await measure(n)
      app.push(...one.app)
      rawT.push(...one.raw)
    }
    const r = { app: median(app), raw: median(rawT) }
    const ratio = r.raw / r.app
    console.log(
      `BENCH commit-round-4p rounds_before=${n} app_ms=${r.app.toFixed(3)} raw_ms=${r.raw.toFixed(3)} ratio=${ratio.toFixed(2)}`,
    )
    rows.push(
      `| ${n} | ${r.app.toFixed(3)} | ${r.raw.toFixed(3)} | ${ratio.toFixed(2)} | ${ratio >= 0.5 ? 'met' : 'NOT met'} |`,
    )
  }
  const file = writeSection(
    'Commit',
    [
      '## Commit',
      '',
      `Generated by \`bench/commit.ts\` (\`npm run bench -- --only commit\`) on ${new Date().toISOString().slice(0, 10)}; Node ${process.version}.`,
      'One 4-player Wild Nine round entered through the IPC handler path (schema check, engine replay, event append,',
      'projections and summaries, one WAL + synchronous=FULL transaction), against the same event row and four round rows',
      `inserted by plain better-sqlite3 in one transaction on a file with the same pragmas. Medians of ${SAMPLES * RUNS} commits (${SAMPLES} in each of ${RUNS} fresh data folders), app and raw in turns,`,
      `after one warm-up match of ${WARM_UP_ROUNDS} rounds in a folder of its own (not counted; both paths then run compiled, as in an app open for a while).`,
      '',
      '| Rounds already in the match | App (ms) | Raw (ms) | Ratio raw/app | Target ≥ 0.5 |',
      '|---:|---:|---:|---:|---|',
      ...rows,
      '',
      "Where the app's time goes (2026-12-01, profiled at 120 to 240 rounds with synchronous=OFF, built code): BEGIN/COMMIT",
      'writing about 12.5 WAL pages ≈ 23% (raw: about 7), the round rows and their two summary upserts ≈ 13%, the match',
      'head update ≈ 9%, the event append ≈ 5%, the engine step with its schema check ≈ 11%, the IPC schema check ≈ 5%, the',
      'rest the view and the bookkeeping around them. The fsync at commit is about 0.22 ms on both sides (app 0.66 → 0.42 ms',
      'and raw 0.31 → 0.09 ms with synchronous=OFF). Schema 9 took the pages per round from 16.3 to 12.5 (no index of round',
      'rows by time, none of the log by stamp); with the per-call trims the ratio at 200 rounds moved from 0.41 to about 0.5.',
      '',
      'Seven runs of this code on 2026-12-01 (3 with 5 folders, 4 with 9; the table is the last): at 10 rounds 0.48, 0.49,',
      '0.50, 0.57, 0.59, 0.60, 0.68 (median 0.57); at 200 rounds 0.52 to 0.53 in every run. The 10-round folders are new, so every commit there',
      "also grows the write-ahead log file, and that fsync's cost varies from run to run on both sides (raw 0.38 to 0.59 ms).",
      '',
      ...loadLine(),
    ].join('\n'),
  )
  console.log(`wrote ${file}`)
}

runBench('commit', main)
