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
/** Each length is measured in this many fresh data folders (one match each), its samples pooled: one run's medians moved by ±0.03 in ratio. */
const RUNS = 5
const LENGTHS = [10, 200]

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
      `inserted by plain better-sqlite3 in one transaction on a file with the same pragmas. Medians of ${SAMPLES * RUNS} commits (${SAMPLES} in each of ${RUNS} fresh data folders), app and raw in turns.`,
      '',
      '| Rounds already in the match | App (ms) | Raw (ms) | Ratio raw/app | Target ≥ 0.5 |',
      '|---:|---:|---:|---:|---|',
      ...rows,
      '',
      "Where the app's time goes (2026-12-01, profiled at 200 rounds): about 0.40 ms of CPU per round with synchronous=OFF",
      '(BEGIN/COMMIT writing about 15 WAL pages ≈ 23%, the projection write ≈ 30% — round rows, summary rows, match head —',
      'the event append ≈ 9%, engine step and input check ≈ 9%, the view returned ≈ 6%), and the fsync both sides pay. The raw',
      'transaction writes about 7 pages and almost no CPU. Schema 7 and the in-place commit took the app from 22 to 15 pages',
      'and from about 0.62 to 0.40 ms of CPU; the ratio moved from 0.50/0.35 to 0.48/0.41.',
      '',
      ...loadLine(),
    ].join('\n'),
  )
  console.log(`wrote ${file}`)
}

runBench('commit', main)
