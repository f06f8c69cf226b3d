/**
 * Club scale (`npm run bench -- --only club`): every club screen's call on a club's history at 1×
 * (about 2,800 matches of the four games, 30 players, three years) and 10× (28,000 matches), made by
 * bench/club-generate.ts through the real services and cached under the temp folder. Each call runs
 * through the dispatcher as the page calls it (the long ones in the database worker), five times
 * after one warm-up; prints `BENCH club-<screen>-<scale> ms=<median> ratio=<median / 200 ms>` and
 * writes the `## Club` section of docs/BENCHMARKS.md (the before numbers there are kept by hand).
 *
 * NINEKEEPER_BENCH_CLUB_SCALES=1 runs the 1× history only.
 */
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { readFileSync } from 'node:fs'
import { createCore, type Core } from '../src/core/core'
import { clubHistory, GENERATOR_VERSION, type ClubHistory } from './club-generate'
import { loadLine, median, runBench, writeSection } from './report'

const RUNS = 5
const TARGET_MS = 200
const SLOW_MS = 10_000

interface Screen {
  name: string
  what: string
  channel: string
  input: (h: ClubHistory, core: Core) => Promise<unknown> | unknown
  /** Timed once, without a warm-up (a long export). */
  once?: boolean
  /** At 10× only when asked (NINEKEEPER_BENCH_CLUB_OLD_CSV=1): minutes per run. */
  slowAt10?: boolean
}

/** The two players who met most often (the head-to-head a club looks at first). */
function busiestPair(core: Core): { a: string; b: string } {
  return core.db
    .prepare(
      `SELECT x.player_id AS a, y.player_id AS b FROM match_results x JOIN match_results y
         ON y.match_id = x.match_id AND y.player_id > x.player_id
       GROUP BY x.player_id, y.player_id ORDER BY count(*) DESC, a, b LIMIT 1`,
    )
    .get() as { a: string; b: string }
}

const SCREENS: Screen[] = [
  {
    name: 'stats-overview',
    what: 'Stats screen: `stats:overview`, no filter',
    channel: 'stats:overview',
    input: () => ({}),
  },
  {
    name: 'stats-head-to-head',
    what: '`stats:head-to-head` of the two players who met most',
    channel: 'stats:head-to-head',
    input: (_, core) => busiestPair(core),
  },
  { name: 'stats-monthly', what: '`stats:monthly`, no filter', channel: 'stats:monthly', input: () => ({}) },
  {
    name: 'nights-list-30',
    what: '`nights:list` of the newest 30 nights (what the Club screen asks first)',
    channel: 'nights:list',
    input: () => ({ limit: 30 }),
  },
  {
    name: 'nights-list',
    what: '`nights:list` of the newest 500 nights',
    channel: 'nights:list',
    input: () => ({ limit: 500 }),
  },
  {
    name: 'seasons-standings',
    what: '`seasons:standings` of a season counting every match',
    channel: 'seasons:standings',
    input: (h) => ({ id: h.allTimeSeason }),
  },
  {
    name: 'ratings-explain',
    what: '`ratings:explain` of Wild Nine',
    channel: 'ratings:explain',
    input: () => ({ gameId: 'wild-nine' }),
  },
  {
    name: 'export-rounds-csv',
    what: '`transfer:export-csv` of the rounds (the old reply with the text, still answered)',
    channel: 'transfer:export-csv',
    input: () => ({ table: 'rounds' }),
    slowAt10: true,
  },
  {
    name: 'export-rounds-csv-file',
    what: '`transfer:export-csv-file` of the rounds (streamed to a file by the worker; the handle is then released)',
    channel: 'transfer:export-csv-file',
    input: () => ({ table: 'rounds' }),
    once: true,
  },
  { name: 'matches-list', what: '`matches:list`, no filter', channel: 'matches:list', input: () => ({}) },
  {
    name: 'records',
    what: '`records:get`: margins, streaks, pairings, champions, badges (every result of the history)',
    channel: 'records:get',
    input: () => ({}),
  },
  {
    name: 'year-in-review',
    what: '`records:get` with the year before the newest match: the records and that year in review',
    channel: 'records:get',
    input: (_, core) => ({
      year: Number(core.db.prepare('SELECT substr(max(finished_at), 1, 4) FROM match_results').pluck().get()) - 1,
    }),
  },
  {
    name: 'board',
    what: '`board:night` of the night with the most matches still in progress (the night board asks it on every change; its own target: ≤ 50 ms)',
    channel: 'board:night',
    input: (_, core) => ({
      date: core.db
        .prepare(
          `SELECT night FROM night_matches GROUP BY night
           ORDER BY sum(status = 'in-progress') DESC, count(*) DESC, night DESC LIMIT 1`,
        )
        .pluck()
        .get(),
    }),
  },
]

/**
 * While the rounds CSV streams to a file, `stats:overview` (another worker call) is asked again and
 * again: the longest it waited is how long the export keeps other calls out.
 */
async function exportWhileAsking(core: Core): Promise<{ ms: number; otherMaxMs: number; others: number }> {
  let done = false
  // The app asking during an export has a warm worker (its screens asked before): so does the bench.
  const warm = await core.dispatch('stats:overview', {})
  if (!warm.ok) throw new Error(warm.error.message)
  const t = performance.now()
  const exporting = core.dispatch('transfer:export-csv-file', { table: 'rounds' }).finally(() => (done = true))
  let otherMaxMs = 0
  let others = 0
  while (!done) {
    const s = performance.now()
    const r = await core.dispatch('stats:overview', {})
    if (!r.ok) throw new Error(r.error.message)
    const waited = performance.now() - s
    otherMaxMs = Math.max(otherMaxMs, waited)
    if (process.env.NINEKEEPER_BENCH_CLUB_WAITS && waited > 100)
      console.log(`wait ${waited.toFixed(0)} ms at ${((s - t) / 1000).toFixed(1)} s`)
    others++
  }
  const r = await exporting
  const ms = performance.now() - t
  if (!r.ok) throw new Error(r.error.message)
  const file = core.downloads.take((r.value as { downloadId: string }).downloadId)
  if (file) await core.downloads.release(file)
  return { ms, otherMaxMs, others }
}

async function measure(core: Core, channel: string, input: unknown): Promise<number> {
  const t = performance.now()
  const r = await core.dispatch(channel, input)
  const ms = performance.now() - t
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return ms
}

async function main(): Promise<void> {
  const scales = (process.env.NINEKEEPER_BENCH_CLUB_SCALES ?? '1,10').split(',').map(Number) as (1 | 10)[]
  const rows: { scale: number; screen: Screen; ms: number; otherMaxMs?: number }[] = []
  const histories: Record<number, ClubHistory> = {}
  const only = process.env.NINEKEEPER_BENCH_CLUB_SCREENS?.split(',')
  for (const scale of scales) {
    const h = await clubHistory(scale)
    histories[scale] = h
    const core = createCore({
      dataDir: join(h.file, '..'),
      mode: 'web',
      version: 'bench',
      autoBackup: false,
      log: () => {},
    })
    try {
      for (const screen of SCREENS) {
        if (only && !only.includes(screen.name)) continue
        if (screen.slowAt10 && scale === 10 && !process.env.NINEKEEPER_BENCH_CLUB_OLD_CSV) continue
        if (screen.once) {
          const x = await exportWhileAsking(core)
          rows.push({ scale, screen, ms: x.ms, otherMaxMs: x.otherMaxMs })
          console.log(
            `BENCH club-${screen.name}-${scale}x ms=${x.ms.toFixed(1)} other_max_ms=${x.otherMaxMs.toFixed(1)} other_calls=${x.others} ratio=${(x.otherMaxMs / TARGET_MS).toFixed(3)}`,
          )
          continue
        }
        const input = await screen.input(h, core)
        // The warm-up opens the worker's connection and fills caches; a call that takes over 10 s is
        // timed once more only (its median would take minutes).
        const warm = await measure(core, screen.channel, input)
        const times: number[] = []
        for (let i = 0; i < (warm > SLOW_MS ? 1 : RUNS); i++) times.push(await measure(core, screen.channel, input))
        const ms = median(times)
        rows.push({ scale, screen, ms })
        console.log(`BENCH club-${screen.name}-${scale}x ms=${ms.toFixed(1)} ratio=${(ms / TARGET_MS).toFixed(3)}`)
      }
    } finally {
      core.close()
    }
  }
  if (only) return
  const section = readFileSync(join(__dirname, '../docs/BENCHMARKS.md'), 'utf8')
  const before = /<!-- club-before -->([\s\S]*?)<!-- \/club-before -->/.exec(section)?.[0] ?? ''
  const file = writeSection(
    'Club',
    [
      '## Club',
      '',
      `Generated by \`bench/club.ts\` (\`npm run bench -- --only club\`) on ${new Date().toISOString().slice(0, 10)}; Node ${process.version}.`,
      ...scales.map((s) => {
        const h = histories[s]!
        return `- ${s}×: ${h.matches.toLocaleString('en')} matches, ${h.events.toLocaleString('en')} events, ${h.players.length} players (generated in ${(h.generatedMs / 1000).toFixed(0)} s, cached under the temp folder, generator v${GENERATOR_VERSION})`
      }),
      '',
      'The 1× history is written through the IPC contract of a real core with its clock set to when each thing happened:',
      '30 players, three years of Thursday nights in Berlin time plus a night on each daylight-saving weekend, two to four',
      'tables a night playing all four games by their engines, wrong entries undone (some redone and undone again),',
      'corrections, matches abandoned or finished by hand, renames, a merge, a deletion, a season every 20 weeks (archived',
      'when the next starts) and a season counting everything, venues. The 10× history is that log copied nine more times',
      '(156 weeks apart, the same players) and imported. Each call goes through the dispatcher as the page calls it (the',
      `long ones in the database worker); median of ${RUNS} after a warm-up (one run after it when the warm-up took over ${SLOW_MS / 1000} s). Target: every call ≤ ${TARGET_MS} ms at 10×.`,
      'The rounds file export runs once, with `stats:overview` asked again and again until it ends (after one such call,',
      'as the app has asked its screens before an export): it is judged by the longest of those waits.',
      '',
      '| Call | What | 1× (ms) | 10× (ms) | Target ≤ 200 ms at 10× |',
      '|---|---|---:|---:|---|',
      ...SCREENS.map((screen) => {
        const row = (s: number) => rows.find((r) => r.scale === s && r.screen === screen)
        const cell = (s: number): string => {
          const r = row(s)
          if (!r) return '–'
          return r.otherMaxMs === undefined
            ? r.ms.toFixed(1)
            : `${r.ms.toFixed(0)} (other calls waited ≤ ${r.otherMaxMs.toFixed(0)})`
        }
        const ten = row(10)
        const judged = ten?.otherMaxMs ?? ten?.ms
        return `| \`club-${screen.name}\` | ${screen.what} | ${cell(1)} | ${cell(10)} | ${judged === undefined ? '–' : judged <= TARGET_MS ? 'met' : 'NOT met'} |`
      }),
      '',
      before,
      '',
      ...loadLine(),
    ].join('\n'),
  )
  console.log(`wrote ${file}`)
}

runBench('club', main)
