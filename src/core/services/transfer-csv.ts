/**
 * CSV export of one table (players, matches, rounds, or each finished match's results seat by seat)
 * for a spreadsheet; the JSON export and the import are in transfer.ts.
 */
import type { Database as Db } from 'better-sqlite3'
import { closeSync, ftruncateSync, openSync, rmSync, writeSync } from 'node:fs'
import { createPrivateFile } from '../private-files'
import { ok, type Result } from '../../shared/result'
import type { Clock } from '../ids'
import { localDaySql, offsetModifier } from './stats-dates'
import { GAME_IDS, GAME_MODULES, type GameId } from '../../shared/games/registry'

export type CsvTable = 'players' | 'matches' | 'rounds' | 'results'

/**
 * The games in the order their columns come in the rounds CSV: the order they were added to it (a
 * spreadsheet may read its columns by position); a game not named here follows them.
 */
const CSV_GAME_ORDER: readonly GameId[] = ['wild-nine', 'nine', 'ennea', 'seven-eight-nine']

/**
 * The round details the games write, as CSV columns (detail key, column name): each game's own
 * (GameModule.csvColumns), a column two games share written once; true/false are written 1/0 so a
 * spreadsheet can add them up.
 */
export const ROUND_DETAIL_COLUMNS: readonly (readonly [string, string])[] = detailColumns([
  ...CSV_GAME_ORDER,
  ...GAME_IDS.filter((id) => !CSV_GAME_ORDER.includes(id)),
])

function detailColumns(order: readonly GameId[]): (readonly [string, string])[] {
  const out = new Map<string, readonly [string, string]>()
  for (const id of order) for (const c of GAME_MODULES[id].csvColumns) if (!out.has(c[0])) out.set(c[0], c)
  return [...out.values()]
}

function safeDetails(json: unknown): Record<string, unknown> {
  try {
    const d = JSON.parse(String(json)) as unknown
    return d && typeof d === 'object' && !Array.isArray(d) ? { ...(d as Record<string, unknown>) } : {}
  } catch {
    return {}
  }
}

const csvCell = (x: unknown): string => {
  if (x === null || x === undefined) return ''
  const s = String(x)
  // Leading = + - @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * One table as CSV for a spreadsheet: UTF-8 with a byte-order mark (so Excel reads accents), CRLF
 * lines, numbers as numbers, players named (never a seat number), each local date and time beside
 * the UTC times, and a round's details as their own columns (ROUND_DETAIL_COLUMNS) instead of JSON.
 */
export function tableCsv(db: Db, table: CsvTable, clock: Clock): Result<{ fileName: string; content: string }> {
  const lines = [...csvLines(db, table)]
  return ok({ fileName: csvFileName(table, clock()), content: `\uFEFF${lines.join('\r\n')}\r\n` })
}

export const csvFileName = (table: CsvTable, now: Date): string =>
  `ninekeeper-${table}-${now.toISOString().slice(0, 10)}.csv`

/**
 * The table's lines (the header first), without line ends, read row by row. `windowed` (rounds only):
 * read by slices of time instead of one statement, so SQLite never sorts every round row at once
 * (the file export pauses between chunks; one sort of a million rows held the worker for seconds).
 * A slice [lo, hi) finds its rows through their matches (each match's rounds lie between its
 * first_round_at and updated_at, ARCHITECTURE § The reducer and the projections), in the same order
 * as the single statement; writeTableCsv checks the count and falls back to that statement.
 */
export function* csvLines(db: Db, table: CsvTable, opts: { windowed?: boolean } = {}): Generator<string> {
  const localDay = (t: string): string => localDaySql(t, 'm.utc_offset')
  const localTime = (t: string): string => `strftime('%H:%M', ${t}, ${offsetModifier('m.utc_offset')})`
  const roundColumns = `SELECT r.match_id, r.game_id, r.round, r.seat, r.player_id, p.name AS player, r.score, r.total, r.won_round, r.played_at, r.details_json,
                ${localTime('r.played_at')} AS local_time, ${localDay('r.played_at')} AS local_date`
  const queries: Record<CsvTable, string> = {
    // status says what each row is: a merged player's history lives in merged_into's
    // row now, and a deleted player is kept only as a name; neither is an ordinary player.
    players: `SELECT p.id, p.name, p.color, p.archived_at, p.created_at, p.updated_at,
                CASE WHEN p.deleted <> 0 THEN 'deleted' WHEN p.canonical_id <> p.id THEN 'merged'
                     WHEN p.archived_at IS NOT NULL THEN 'archived' ELSE 'active' END AS status,
                (SELECT c.name FROM players c WHERE c.id = p.canonical_id AND p.canonical_id <> p.id) AS merged_into
              FROM players p ORDER BY p.name_key, p.id`,
    // local_date: the day where the match was played (UTC time plus the match's utc_offset, in minutes).
    matches: `SELECT m.id, m.game_id, m.status, m.created_at, m.finished_at, m.rounds_played,
                (SELECT group_concat(p.name, ' | ') FROM (SELECT p.name FROM match_seats s JOIN players p ON p.id = s.player_id WHERE s.match_id = m.id ORDER BY s.seat) p) AS players,
                (SELECT group_concat(p.name, ' | ') FROM (SELECT p.name FROM json_each(m.winners_json) w JOIN match_seats s ON s.match_id = m.id AND s.seat = w.value
                  JOIN players p ON p.id = s.player_id ORDER BY s.seat) p) AS winners,
                m.summary, ${localTime('m.created_at')} AS local_time, ${localDay('m.created_at')} AS local_date, m.utc_offset
              FROM matches m ORDER BY m.created_at, m.id`,
    rounds: `${roundColumns} FROM round_results r JOIN players p ON p.id = r.player_id LEFT JOIN matches m ON m.id = r.match_id ORDER BY r.played_at, r.match_id, r.round, r.seat`,
    // One row per seat of each finished match, as the stats and the seasons count it: the local date
    // the match started on (a season's dates are those), the seat's score and rank (1 = best, tied
    // seats share it) and whether it won (1/0; a shared win is a 1 on each winner's row).
    results: `SELECT m.id AS match, ${localDay('m.created_at')} AS date, p.name AS player, r.seat, r.score,
                r.placement AS rank, r.won AS winner, m.game_id AS game
              FROM matches m CROSS JOIN match_results r ON r.match_id = m.id JOIN players p ON p.id = r.player_id
              ORDER BY m.created_at, m.id, r.seat`,
  }
  const stmt = db.prepare(queries[table])
  let cols = stmt.columns().map((c) => c.name)
  let row = (r: Record<string, unknown>): unknown[] => cols.map((c) => r[c])
  if (table === 'rounds') {
    // The details JSON becomes one column per detail the games write (and any other, as JSON).
    const at = cols.indexOf('details_json')
    const before = cols.slice(0, at)
    const after = cols.slice(at + 1)
    cols = [...before, ...ROUND_DETAIL_COLUMNS.map(([, name]) => name), 'other_details', ...after]
    row = (r) => {
      const d = safeDetails(r.details_json)
      const cells = ROUND_DETAIL_COLUMNS.map(([key]) => {
        const x = d[key]
        delete d[key]
        return typeof x === 'boolean' ? (x ? 1 : 0) : x
      })
      return [
        ...before.map((c) => r[c]),
        ...cells,
        Object.keys(d).length ? JSON.stringify(d) : null,
        ...after.map((c) => r[c]),
      ]
    }
  }
  yield cols.join(',')
  if (!(opts.windowed && table === 'rounds')) {
    for (const r of stmt.iterate() as Iterable<Record<string, unknown>>) yield row(r).map(csvCell).join(',')
    return
  }
  const slice = db.prepare(
    `${roundColumns} FROM matches mw CROSS JOIN round_results r ON r.match_id = mw.id JOIN players p ON p.id = r.player_id
     LEFT JOIN matches m ON m.id = r.match_id
     WHERE mw.updated_at >= @lo AND (mw.first_round_at < @hi OR mw.first_round_at IS NULL) AND r.played_at >= @lo AND r.played_at < @hi
     ORDER BY r.played_at, r.match_id, r.round, r.seat`,
  )
  for (const [lo, hi] of roundSlices(db))
    for (const r of slice.iterate({ lo, hi }) as Iterable<Record<string, unknown>>) yield row(r).map(csvCell).join(',')
}

/** Matches per slice of time read by the windowed rounds CSV (some 20,000 round rows). */
const MATCHES_PER_SLICE = 500

/**
 * Slices [lo, hi) of played_at covering every text ('' to U+FFFF), about MATCHES_PER_SLICE matches
 * each if spread evenly (the matches are counted, not the round rows: that count reads them all).
 */
function roundSlices(db: Db): [string, string][] {
  const matches = db.prepare('SELECT count(*) FROM matches').pluck().get() as number
  const span = db.prepare('SELECT min(first_round_at) AS lo, max(updated_at) AS hi FROM matches').get() as {
    lo: string | null
    hi: string | null
  }
  const lo = span.lo ? Date.parse(span.lo) : NaN
  const hi = span.hi ? Date.parse(span.hi) : NaN
  const n = Math.ceil(matches / MATCHES_PER_SLICE)
  const cuts: string[] = []
  if (n > 1 && Number.isFinite(lo) && Number.isFinite(hi) && hi > lo)
    for (let i = 1; i < n; i++) cuts.push(new Date(lo + ((hi - lo) * i) / n).toISOString())
  const bounds = ['', ...cuts, '\uffff']
  return bounds.slice(1).map((b, i) => [bounds[i] as string, b])
}

/**
 * How many round rows there are, counted by ranges of match ids (the primary key's first column),
 * pausing between ranges: one count of a million rows held the worker for seconds.
 */
async function countRounds(db: Db, pause: () => Promise<void>): Promise<number> {
  const ids = db.prepare('SELECT id FROM matches ORDER BY id').pluck().all() as string[]
  const bounds = ['', ...ids.filter((_, i) => i > 0 && i % MATCHES_PER_SLICE === 0), '\uffff']
  const count = db.prepare('SELECT count(*) FROM round_results WHERE match_id >= ? AND match_id < ?').pluck()
  let n = 0
  for (let i = 1; i < bounds.length; i++) {
    n += count.get(bounds[i - 1], bounds[i]) as number
    await pause()
  }
  return n
}

/** Lines gathered before each write to the file (and before the worker looks at its other requests). */
const ROWS_PER_CHUNK = 2000

export interface StreamedCsv {
  fileName: string
  path: string
  bytes: number
  rows: number
}

/**
 * Writes the CSV of `table` to `path` (created private), the same bytes as tableCsv, reading `db` row
 * by row and writing every ROWS_PER_CHUNK lines; between chunks it awaits `pause` (in the database
 * worker: the next turn of its event loop, so the worker answers other requests meanwhile). `db`
 * must be a connection of its own: its statement stays open across the pauses (one read snapshot).
 * Removes the file on failure.
 */
export async function writeTableCsv(
  db: Db,
  table: CsvTable,
  path: string,
  now: Date,
  pause: () => Promise<void>,
): Promise<StreamedCsv> {
  createPrivateFile(path)
  const fd = openSync(path, 'w')
  let bytes = 0
  const write = (text: string): void => {
    const buf = Buffer.from(text, 'utf8')
    let off = 0
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off, bytes + off)
    bytes += buf.length
  }
  /** Writes the lines from the start of the file; the number of data rows. */
  const writeAll = async (lines: Iterable<string>): Promise<number> => {
    ftruncateSync(fd, 0)
    bytes = 0
    let rows = -1
    let chunk: string[] = ['\uFEFF']
    for (const line of lines) {
      chunk.push(line, '\r\n')
      rows++
      if (chunk.length >= 2 * ROWS_PER_CHUNK) {
        write(chunk.join(''))
        chunk = []
        await pause()
      }
    }
    write(chunk.join(''))
    return rows
  }
  try {
    // One read transaction: the slices, the count and a rewrite all see one snapshot.
    db.exec('BEGIN')
    let rows: number
    try {
      rows = await writeAll(csvLines(db, table, { windowed: true }))
      // Every round row in a slice, else (a round outside its match's span, a row without its player
      // or match) the one sorted statement, whose output is the reply's by definition.
      if (table === 'rounds' && rows !== (await countRounds(db, pause))) rows = await writeAll(csvLines(db, table))
    } finally {
      db.exec('COMMIT')
    }
    closeSync(fd)
    return { fileName: csvFileName(table, now), path, bytes, rows }
  } catch (e) {
    try {
      closeSync(fd)
    } catch {
      // Already closed.
    }
    rmSync(path, { force: true })
    throw e
  }
}
