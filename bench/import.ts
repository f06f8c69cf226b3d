/**
 * Import benchmark: a generated club history (27 players, three laptops, Wild Nine matches of 2 to
 * 6 players over three years) exported as events, imported into an empty data file through the IPC
 * channel (`transfer:import` after the chunked upload), against inserting the same events with plain
 * better-sqlite3 in one WAL + synchronous=FULL transaction. Also at half the size, to show that
 * doubling the history at most doubles the time.
 *
 * Prints `BENCH import-club matches=<n> events=<e> round_rows=<r> app_ms=<x> raw_ms=<y> ratio=<app/raw>`
 * per size and `BENCH import-club-doubling half_ms=<a> full_ms=<b> ratio=<b/(2a)>`, and writes the
 * `## Import` section of docs/BENCHMARKS.md. Size: NINEKEEPER_BENCH_IMPORT_MATCHES (default 25000).
 * Targets: ratio <= 10 against raw; doubling ratio <= 1.2.
 */
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { createCore } from '../src/main/core'
import { formatHlc } from '../src/shared/events/hlc'
import type { DomainEvent } from '../src/shared/events/types'
import { mulberry32 } from '../tests/helpers/prng'
import { tempDir } from '../tests/helpers/tmp'
import { loadLine, runBench, writeSection } from './report'

const FULL = Number(process.env.NINEKEEPER_BENCH_IMPORT_MATCHES ?? 25_000)
const NAMES = Array.from({ length: 27 }, (_, i) => `Member ${i + 1}`)

/** A stable UUIDv7-shaped id from a time and a label. */
function id(ms: number, label: string): string {
  const h = createHash('sha1').update(label).digest('hex')
  const t = ms.toString(16).padStart(12, '0')
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${h.slice(0, 3)}-8${h.slice(3, 6)}-${h.slice(6, 18)}`
}

function generate(matches: number): { events: DomainEvent[]; roundRows: number } {
  const r = mulberry32(2026)
  const devices = [0, 1, 2].map((i) => id(0, `device ${i}`))
  const seq = [0, 0, 0]
  const events: DomainEvent[] = []
  const t0 = Date.parse('2023-09-07T17:00:00Z')
  const push = (d: number, wall: number, kind: DomainEvent['kind'], subject: string, payload: unknown): DomainEvent => {
    const device = devices[d] as string
    const e = { id: id(wall, `${device}:${++seq[d]!}`), deviceId: device, deviceSeq: seq[d]!, hlc: formatHlc(wall, seq[d]! % 1000, device), kind, v: 1, subject, payload } as DomainEvent
    events.push(e)
    return e
  }
  const players = NAMES.map((name, i) => push(0, t0 + i, 'player.created', id(t0 + i, name), { name, color: null }).subject)
  let rows = 0
  // Three years of weekly nights; every laptop runs a table; matches follow each other through the night.
  const span = 3 * 365 * 86_400_000
  for (let m = 0; m < matches; m++) {
    const d = m % 3
    let wall = t0 + 1000 + Math.floor((m / matches) * span)
    const seats = 2 + Math.floor(r() * 5)
    const picked = new Set<number>()
    while (picked.size < seats) picked.add(Math.floor(r() * players.length))
    const seated = [...picked].map((i) => players[i] as string)
    const mid = id(wall, `match ${m}`)
    push(d, wall, 'match.started', mid, {
      gameId: 'wild-nine',
      config: { names: seated.map((p) => NAMES[players.indexOf(p)]) },
      houseRules: {},
      seats: seated.map((playerId) => ({ playerId, color: null })),
      engineVersion: 1,
    })
    const totals = seated.map(() => 0)
    while (Math.max(...totals) < 100) {
      wall += 60_000 + Math.floor(r() * 240_000)
      const wentOut = Math.floor(r() * seats)
      const points = totals.map((_, s) => (s === wentOut ? 0 : 5 + Math.floor(r() * 26)))
      points.forEach((p, s) => (totals[s]! += p))
      push(d, wall, 'match.action', mid, { action: { type: 'round', wentOut, points } })
      rows += seats
    }
  }
  return { events, roundRows: rows }
}

async function importApp(text: string): Promise<{ app: number; upload: number; added: number }> {
  const t = tempDir('ninekeeper-bench-import-')
  const core = createCore({ dataDir: t.dir, mode: 'web', version: 'bench', log: () => {}, autoBackup: false })
  try {
    const call = async <T>(channel: string, input: unknown): Promise<T> => {
      const res = await core.dispatch(channel, input)
      if (!res.ok) throw new Error(`${channel}: ${res.error.message}`)
      return res.value as T
    }
    const bytes = Buffer.from(text)
    let t0 = performance.now()
    const { uploadId } = await call<{ uploadId: string }>('upload:begin', { purpose: 'import', size: bytes.length })
    const chunk = 1024 * 1024
    for (let i = 0, n = 0; i < bytes.length; i += chunk, n++) await call('upload:chunk', { uploadId, index: n, data: bytes.subarray(i, i + chunk).toString('base64') })
    const upload = performance.now() - t0
    t0 = performance.now()
    const report = await call<{ eventsAdded: number }>('transfer:import', { uploadId })
    return { app: performance.now() - t0, upload, added: report.eventsAdded }
  } finally {
    core.close()
    t.cleanup()
  }
}

function importRaw(text: string): number {
  const t = tempDir('ninekeeper-bench-import-raw-')
  const db = new Database(`${t.dir}/raw.sqlite`)
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.exec(`CREATE TABLE events (id TEXT PRIMARY KEY, device_id TEXT NOT NULL, device_seq INTEGER NOT NULL, hlc TEXT NOT NULL,
      kind TEXT NOT NULL, v INTEGER NOT NULL, subject TEXT NOT NULL, payload TEXT NOT NULL) STRICT;
      CREATE INDEX events_subject ON events(subject, hlc, id); CREATE INDEX events_device ON events(device_id, device_seq); CREATE INDEX events_hlc ON events(hlc, id);`)
    const t0 = performance.now()
    const file = JSON.parse(text) as { events: DomainEvent[] }
    const ins = db.prepare('INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    db.transaction(() => {
      for (const e of file.events) ins.run(e.id, e.deviceId, e.deviceSeq, e.hlc, e.kind, e.v, e.subject, JSON.stringify(e.payload))
    })()
    return performance.now() - t0
  } finally {
    db.close()
    t.cleanup()
  }
}

async function main(): Promise<void> {
  const results: { matches: number; events: number; rows: number; app: number; raw: number; upload: number }[] = []
  for (const matches of [Math.round(FULL / 2), FULL]) {
    const { events, roundRows } = generate(matches)
    const text = JSON.stringify({ format: 'ninekeeper-export', version: 2, events })
    const raw = importRaw(text)
    const app = await importApp(text)
    if (app.added !== events.length) throw new Error(`imported ${app.added} of ${events.length} events`)
    const ratio = app.app / raw
    console.log(`BENCH import-club matches=${matches} events=${events.length} round_rows=${roundRows} app_ms=${app.app.toFixed(0)} raw_ms=${raw.toFixed(0)} ratio=${ratio.toFixed(2)}`)
    results.push({ matches, events: events.length, rows: roundRows, app: app.app, raw, upload: app.upload })
  }
  const [half, full] = results as [(typeof results)[0], (typeof results)[0]]
  const doubling = full.app / (2 * half.app)
  console.log(`BENCH import-club-doubling half_ms=${half.app.toFixed(0)} full_ms=${full.app.toFixed(0)} ratio=${doubling.toFixed(2)}`)
  const file = writeSection(
    'Import',
    [
      '## Import',
      '',
      `Generated by \`bench/import.ts\` (\`npm run bench -- --only import\`) on ${new Date().toISOString().slice(0, 10)}; Node ${process.version}.`,
      'A generated club history (27 players, three laptops, Wild Nine matches of 2 to 6 players over three years) exported as',
      'events and imported into an empty data file through `transfer:import` (after the chunked upload, timed apart): every',
      'event validated as a live call is, inserted, and every player and match projected with its stats and ratings. Raw: the',
      'same events parsed and inserted by plain better-sqlite3 in one WAL + synchronous=FULL transaction.',
      '',
      '| Matches | Events | Round rows | Upload (ms) | Import (ms) | Raw (ms) | Ratio import/raw | Target ≤ 10 |',
      '|---:|---:|---:|---:|---:|---:|---:|---|',
      ...results.map((x) => `| ${x.matches} | ${x.events} | ${x.rows} | ${x.upload.toFixed(0)} | ${x.app.toFixed(0)} | ${x.raw.toFixed(0)} | ${(x.app / x.raw).toFixed(2)} | ${x.app / x.raw <= 10 ? 'met' : 'NOT met'} |`),
      '',
      `Doubling the history: ${half.app.toFixed(0)} ms → ${full.app.toFixed(0)} ms, ratio ${doubling.toFixed(2)} of double (target ≤ 1.2: ${doubling <= 1.2 ? 'met' : 'NOT met'}).`,
      '',
      ...loadLine(),
    ].join('\n'),
  )
  console.log(`wrote ${file}`)
}

runBench('import', main)
