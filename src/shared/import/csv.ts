/**
 * The documented CSV layout (docs/IMPORT.md): one row per player per play, a header row naming the
 * columns (any order, any case): date, time, game, player, score, winner, rank, an optional match
 * key and an optional location (where it was played; the rows of one play name one). A BOM, `,`, `;`, tab or `|` separators (whichever splits the header into its columns; the
 * bytes are decoded by ./text.ts), quoted fields (with "" for a quote
 * and line breaks inside quotes) and CRLF are all accepted. Rows group into plays by the match key
 * when there is one, else by date, time and game. Every row that cannot be read is reported with its
 * line number and the reason; the plan refuses to import while there are any.
 */
import { playerNameKey } from '../model/player'
import { validateVenue } from '../model/venue'
import { gameKey, localDateTime, readScore, type SourceFile, type SourcePlay, type SourceProblem } from './source'

export const CSV_COLUMNS = ['date', 'time', 'game', 'player', 'score', 'winner', 'rank', 'match', 'location'] as const
type Column = (typeof CSV_COLUMNS)[number]
const REQUIRED: Column[] = ['date', 'game', 'player']
/** Other spellings a spreadsheet may use for a column. */
const ALIASES: Record<string, Column> = {
  'match key': 'match',
  match_key: 'match',
  matchkey: 'match',
  won: 'winner',
  win: 'winner',
  place: 'rank',
  placement: 'rank',
  name: 'player',
  venue: 'location',
}
const MAX_ROWS = 200_000

interface Record_ {
  line: number
  cells: string[]
}

/** Splits CSV text into records (with the line each starts on); quotes may hold separators and line breaks. */
export function splitCsv(text: string, sep: string): { records: Record_[]; unclosedQuoteAt: number | null } {
  const records: Record_[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  let quoteLine = 0
  let fresh = true
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else {
        if (c === '\n') line++
        cell += c
      }
      continue
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true
      quoteLine = line
      cell = ''
      fresh = false
    } else if (c === sep) {
      cells.push(cell)
      cell = ''
      fresh = false
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      cells.push(cell)
      if (!(fresh && cells.length === 1 && cells[0] === '')) records.push({ line: start, cells })
      cells = []
      cell = ''
      fresh = true
      line++
      start = line
    } else {
      cell += c
      fresh = false
    }
  }
  if (quoted) return { records, unclosedQuoteAt: quoteLine }
  if (!fresh || cell !== '') {
    cells.push(cell)
    records.push({ line: start, cells })
  }
  return { records, unclosedQuoteAt: null }
}

/** The separators a CSV may use, and how a message names each. */
export const SEPARATORS = [',', ';', '\t', '|'] as const
export type Separator = (typeof SEPARATORS)[number]
export const SEPARATOR_NAMES: Record<Separator, string> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'vertical bar (|)',
}

/** How many columns the header row names under each separator, and how many fields it has. */
function headerFit(text: string, sep: Separator): { known: number; required: number; fields: number } {
  const header = splitCsv(text.slice(0, headerEnd(text)), sep).records[0]?.cells ?? []
  const cols = new Set(header.map((c) => columnOf(c)).filter((c) => c !== undefined))
  return { known: cols.size, required: REQUIRED.filter((c) => cols.has(c)).length, fields: header.length }
}

/** Where the header row ends (outside quotes), or the text's end. */
function headerEnd(text: string): number {
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') quoted = !quoted
    else if (!quoted && (c === '\n' || c === '\r')) return i
  }
  return text.length
}

/**
 * The separator of the header row: of comma, semicolon, tab and `|`, the one under which the header
 * names the most of the required columns (date, game, player), then the most known columns, then
 * splits into the most fields; a comma when none splits it.
 */
export function detectSeparator(text: string): Separator {
  let best: Separator = ','
  let fit = headerFit(text, ',')
  for (const sep of SEPARATORS.slice(1)) {
    const f = headerFit(text, sep)
    if (
      f.required > fit.required ||
      (f.required === fit.required && f.known > fit.known) ||
      (f.required === fit.required && f.known === fit.known && f.fields > fit.fields)
    ) {
      best = sep
      fit = f
    }
  }
  return best
}

function columnOf(raw: string): Column | undefined {
  const name = raw.trim().toLowerCase()
  // Own keys only: a column called “constructor” is no alias.
  return (CSV_COLUMNS as readonly string[]).includes(name)
    ? (name as Column)
    : Object.hasOwn(ALIASES, name)
      ? ALIASES[name]
      : undefined
}

function readWinner(raw: string): boolean | null | undefined {
  const t = raw.trim().toLowerCase()
  if (t === '') return null
  if (['yes', 'y', 'true', '1', 'x', 'won', 'win', 'winner'].includes(t)) return true
  if (['no', 'n', 'false', '0', 'lost', 'lose'].includes(t)) return false
  return undefined
}

/** `encoding`: how the file's bytes were read (./text.ts), said back in the preview and in a refusal. */
export function parseCsv(input: string, encoding: string = 'UTF-8'): SourceFile {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const problems: SourceProblem[] = []
  const sep = detectSeparator(text)
  const out: SourceFile = { kind: 'csv', plays: [], problems, reading: { encoding, separator: SEPARATOR_NAMES[sep] } }
  const { records, unclosedQuoteAt } = splitCsv(text, sep)
  if (unclosedQuoteAt !== null)
    problems.push({ line: unclosedQuoteAt, reason: 'a quoted field starts here and is never closed' })
  const header = records.shift()
  if (!header) {
    problems.push({
      reason:
        'the file is empty: it needs a header row (date, time, game, player, score, winner, rank, match, location)',
    })
    return out
  }
  const index = new Map<Column, number>()
  for (const [i, raw] of header.cells.entries()) {
    const col = columnOf(raw)
    if (col && !index.has(col)) index.set(col, i)
  }
  const missing = REQUIRED.filter((c) => !index.has(c))
  if (missing.length) {
    // Say how the file was read: a wrong guess of encoding or separator shows here.
    problems.push({
      line: header.line,
      reason: `read as ${encoding} with the ${SEPARATOR_NAMES[sep]} as separator, the header row has no ${missing.join(', ')} column (it needs date, game and player; time, score, winner, rank, match and location are optional; the separator may be a comma, semicolon, tab or |)`,
    })
    return out
  }
  if (records.length > MAX_ROWS) {
    problems.push({ reason: `the file has ${records.length} rows; at most ${MAX_ROWS} are read at once` })
    return out
  }
  const get = (r: Record_, c: Column): string => {
    const i = index.get(c)
    return i === undefined ? '' : (r.cells[i] ?? '').trim()
  }
  const groups = new Map<string, { play: SourcePlay; lines: number[] }>()
  for (const r of records) {
    if (r.cells.every((c) => c.trim() === '')) continue
    if (r.cells.length > header.cells.length && r.cells.slice(header.cells.length).some((c) => c.trim() !== '')) {
      problems.push({
        line: r.line,
        reason: `the row has ${r.cells.length} fields but the header has ${header.cells.length} (check the separator and the quotes)`,
      })
      continue
    }
    const date = get(r, 'date')
    const time = get(r, 'time') || '00:00'
    const playedAt = localDateTime(date, time)
    if (!date) {
      problems.push({ line: r.line, reason: 'the date is empty' })
      continue
    }
    if (!playedAt) {
      problems.push({
        line: r.line,
        reason: `the date and time “${date} ${time}” are not a real date (write 2026-01-31 and 20:15)`,
      })
      continue
    }
    const game = get(r, 'game')
    if (!game) {
      problems.push({ line: r.line, reason: 'the game is empty' })
      continue
    }
    const player = get(r, 'player')
    if (!player) {
      problems.push({ line: r.line, reason: 'the player is empty' })
      continue
    }
    const score = readScore(get(r, 'score'))
    if (!score.ok) {
      problems.push({ line: r.line, reason: score.reason })
      continue
    }
    const winner = readWinner(get(r, 'winner'))
    if (winner === undefined) {
      problems.push({ line: r.line, reason: `the winner field “${get(r, 'winner').slice(0, 20)}” is not yes or no` })
      continue
    }
    const rankText = get(r, 'rank')
    let rank: number | null = null
    if (rankText !== '') {
      if (!/^\d{1,2}$/.test(rankText) || Number(rankText) < 1) {
        problems.push({ line: r.line, reason: `the rank “${rankText.slice(0, 20)}” is not 1, 2, 3…` })
        continue
      }
      rank = Number(rankText)
    }
    const key = get(r, 'match')
    if (key.length > 100) {
      problems.push({ line: r.line, reason: 'the match key is longer than 100 characters' })
      continue
    }
    const locationText = get(r, 'location')
    const location = locationText === '' ? null : validateVenue(locationText)
    if (location && !location.ok) {
      problems.push({
        line: r.line,
        reason: `the location cannot be kept: ${location.error.message.replace(/^A venue/, 'a location name')}`,
      })
      continue
    }
    const groupKey = key ? `key:${key}` : `at:${playedAt}|${gameKey(game)}`
    let g = groups.get(groupKey)
    if (!g) {
      g = {
        play: {
          sourceId: key ? `key:${key}` : '',
          contentId: !key,
          label: '',
          gameName: game,
          playedAt,
          seats: [],
          skip: null,
        },
        lines: [],
      }
      groups.set(groupKey, g)
    } else if (key && (g.play.playedAt !== playedAt || gameKey(g.play.gameName) !== gameKey(game))) {
      problems.push({
        line: r.line,
        reason: `match key “${key}” was used on line ${g.lines[0]} for another date, time or game`,
      })
      continue
    }
    if (location?.ok) {
      // The rows of one play name one location (or leave it empty).
      if (g.play.location && g.play.location.name !== location.value) {
        problems.push({
          line: r.line,
          reason: `the location “${location.value}” differs from “${g.play.location.name}” on line ${g.lines[0]} of the same play`,
        })
        continue
      }
      g.play.location = { name: location.value }
    }
    g.lines.push(r.line)
    g.play.seats.push({ playerKey: playerNameKey(player), name: player, score: score.value, rank, winner })
  }
  for (const { play, lines } of groups.values()) {
    const first = lines[0] as number
    const last = lines[lines.length - 1] as number
    play.label = `${lines.length === 1 ? `line ${first}` : `lines ${first}–${last}`} (${play.playedAt.slice(0, 16).replace('T', ' ')}, ${play.gameName})`
    if (play.contentId) {
      // The play's content is its identity: the same rows in another file (or order) are the same play.
      const seats = [...play.seats]
        .map((s) => [s.playerKey, s.score, s.rank, s.winner])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      play.sourceId = JSON.stringify([play.playedAt, gameKey(play.gameName), seats])
    }
    out.plays.push(play)
  }
  return out
}
