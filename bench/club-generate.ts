/**
 * A club's history for the club-scale benchmark (`npm run bench -- --only club`), made the way a
 * club makes it: every write goes through the IPC contract of a real core (players, matches of all
 * four games with rounds played by their engines, undos and redos, corrections, closes by hand,
 * renames, a merge, a deletion, seasons and their archives, night venues), with the core's clock set
 * to when it happened. 30 players over three years of Thursday nights (Europe/Berlin, so the local
 * offset changes twice a year) plus a Saturday night on each daylight-saving weekend that runs past
 * the change, two to four tables a night: about 2,800 matches (1×).
 *
 * The 10× history is the 1× log exported and copied nine more times, each copy 156 weeks later
 * (same weekdays) under its own devices, events, matches, seasons and nights (the players stay the
 * same 30), then imported into an empty file through the import service: 28,000 matches.
 *
 * Both files are cached under the temp folder keyed by GENERATOR_VERSION (never in the repository).
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore, type Core } from '../src/core/core'
import { DB_FILE_NAME } from '../src/core/db/open'
import { createWorkerOps } from '../src/core/worker/ops'
import { nightSubject } from '../src/shared/events/club'
import { formatHlc, parseHlc } from '../src/shared/events/hlc'
import type { DomainEvent } from '../src/shared/events/types'
import { ENGINES, type GameId } from '../src/shared/games/registry'
import { enneaExpectedRemaining, type EnneaState } from '../src/shared/games/ennea'
import type { MatchView } from '../src/shared/model/match'
import type { Player } from '../src/shared/model/player'
import { mulberry32 } from '../tests/helpers/prng'

/** Raise when the history changes: cached files of another version are not used. */
export const GENERATOR_VERSION = 1

export const CACHE_DIR = join(tmpdir(), `ninekeeper-club-bench-v${GENERATOR_VERSION}`)

const NAMES = [
  'Ana', 'Bo', 'Cy', 'Dita', 'Emil', 'Fenna', 'Gwen', 'Hugo', 'Ines', 'Jonas',
  'Kate', 'Lars', 'Mira', 'Nils', 'Olga', 'Piet', 'Quinn', 'Rosa', 'Sven', 'Tess',
  'Ugo', 'Vera', 'Wim', 'Xenia', 'Yara', 'Zeno', 'Bob', 'Cleo', 'Dario', 'Elif',
] // prettier-ignore

const DAY = 86_400_000
const MIN = 60_000

/** Minutes east of UTC in Berlin at UTC instant `t`: CEST from the last Sunday of March to the last of October, 01:00 UTC. */
export function berlinOffset(t: number): number {
  const y = new Date(t).getUTCFullYear()
  const lastSunday = (month: number): number => {
    const d = new Date(Date.UTC(y, month + 1, 0, 1))
    return d.getTime() - d.getUTCDay() * DAY
  }
  return t >= lastSunday(2) && t < lastSunday(9) ? 120 : 60
}

type Step =
  | { t: number; table: number; kind: 'create'; gameId: GameId; players: string[]; options: Record<string, unknown> }
  | { t: number; table: number; kind: 'apply'; action: unknown; tag?: number }
  | { t: number; table: number; kind: 'undo' | 'redo' }
  | { t: number; table: number; kind: 'correct'; tag: number; action: unknown }
  | { t: number; table: number; kind: 'close'; status: 'finished' | 'abandoned' }

interface Sim {
  state: unknown
  over: boolean
}

function simStart(gameId: GameId, config: unknown): Sim {
  const s = ENGINES[gameId].setup(config)
  if (!s.ok) throw new Error(`club bench: ${gameId} setup refused: ${s.error.message}`)
  return { state: s.value, over: false }
}

function simApply(gameId: GameId, sim: Sim, action: unknown): Sim | null {
  const r = ENGINES[gameId].apply(sim.state, action)
  if (!r.ok) return null
  return { state: r.value, over: ENGINES[gameId].status(r.value).over }
}

const shuffle = <T>(xs: T[], r: () => number): T[] => {
  const out = xs.slice()
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

/** One random round entry (Nine, Wild Nine) for `n` seats. */
function roundEntry(gameId: GameId, n: number, r: () => number): unknown {
  if (gameId === 'wild-nine') {
    const wentOut = Math.floor(r() * n)
    return {
      type: 'round',
      wentOut,
      points: Array.from({ length: n }, (_, s) => (s === wentOut ? 0 : 3 + Math.floor(r() * 18))),
    }
  }
  const declarer = Math.floor(r() * n)
  return {
    type: 'round',
    declarer,
    totals: Array.from({ length: n }, (_, s) => (s === declarer ? Math.floor(r() * 8) : 3 + Math.floor(r() * 14))),
  }
}

/** Ennea: peeks, stakes and passes from its legal actions; a reveal deals the remaining cards. */
function enneaAction(state: EnneaState, r: () => number): unknown {
  const legal = ENGINES.ennea.legalActions(state) as { type: string; cells?: number[] }[]
  if (legal.some((l) => l.type === 'reveal'))
    return { type: 'reveal', grid: shuffle(enneaExpectedRemaining(state) ?? [], r).slice(0, 9) }
  const roll = r()
  const want = roll < 0.45 ? 'peek' : roll < 0.85 ? 'stake' : roll < 0.99 ? 'pass' : 'ennea'
  const chosen =
    legal.find((l) => l.type === want) ?? legal.find((l) => l.type === 'stake') ?? legal.find((l) => l.type === 'pass')
  if (chosen?.cells) return { type: chosen.type, cell: chosen.cells[Math.floor(r() * chosen.cells.length)] ?? 0 }
  return { type: chosen?.type ?? 'pass' }
}

/** Seven Eight Nine: one short game (SE-R14's ways of winning), then the next. */
function senGame(r: () => number): unknown[] {
  switch (Math.floor(r() * 4)) {
    case 0:
      return [{ type: 'flip', card: 8 }, { type: 'discard' }, { type: 'react', give: 9, show: [7, 8, 9] }]
    case 1:
      return [
        { type: 'flip', card: 4 },
        { type: 'discard' },
        { type: 'flip', card: 2 },
        { type: 'swap', give: 3 },
        { type: 'flip', card: 9 },
        { type: 'swap', give: 10, show: [7, 8, 9] },
      ]
    case 2:
      return [{ type: 'flip', card: 9 }, { type: 'declare', hand: [7, 8, 12] }, { type: 'no-block' }]
    default:
      return [{ type: 'dealt-win', seats: [Math.floor(r() * 2)] }]
  }
}

/**
 * The steps of one match at one table from `t`: its creation, its entries a few minutes apart, a wrong
 * entry now and then taken back (sometimes redone and taken back again), a correction once in a while,
 * a close by hand for a few. Returns the steps and when the table is free again.
 */
function planMatch(
  table: number,
  t: number,
  gameId: GameId,
  players: string[],
  names: string[],
  r: () => number,
  tagBase: number,
): { steps: Step[]; end: number } {
  const n = players.length
  const options: Record<string, unknown> =
    gameId === 'seven-eight-nine'
      ? { starter: Math.floor(r() * 2), target: 3 }
      : gameId === 'ennea'
        ? { starter: Math.floor(r() * n) }
        : { firstDealer: Math.floor(r() * n) }
  const config = { ...options, names }
  const steps: Step[] = [{ t, table, kind: 'create', gameId, players, options }]
  let sim = simStart(gameId, config)
  const applied: { action: unknown; tag: number }[] = []
  let tag = tagBase
  const abandonAt = r() < 0.03 ? 1 + Math.floor(r() * 3) : -1
  const finishByHandAt = abandonAt < 0 && gameId !== 'ennea' && r() < 0.01 ? 2 + Math.floor(r() * 2) : -1
  const senQueue: unknown[] = []
  for (let guard = 0; guard < 600 && !sim.over; guard++) {
    if (applied.length === abandonAt || applied.length === finishByHandAt) {
      t += MIN
      steps.push({ t, table, kind: 'close', status: applied.length === abandonAt ? 'abandoned' : 'finished' })
      return { steps, end: t + 5 * MIN }
    }
    let action: unknown
    if (gameId === 'ennea') action = enneaAction(sim.state as EnneaState, r)
    else if (gameId === 'seven-eight-nine') {
      if (senQueue.length === 0) {
        const status = ENGINES[gameId].status(sim.state)
        senQueue.push(...(status.phase === 'game-over' ? [{ type: 'next-game' }] : senGame(r)))
      }
      action = senQueue.shift()
    } else action = roundEntry(gameId, n, r)
    const next = simApply(gameId, sim, action)
    if (!next) {
      senQueue.length = 0
      continue
    }
    const roundLike = gameId === 'nine' || gameId === 'wild-nine'
    t += roundLike
      ? 2 * MIN + Math.floor(r() * 2 * MIN)
      : gameId === 'ennea'
        ? 15_000 + Math.floor(r() * 30_000)
        : 40_000 + Math.floor(r() * 80_000)
    // A wrong entry first, taken back (SE and Ennea rarely: their entries are single moves).
    if (roundLike && r() < 0.2) {
      const wrong = roundEntry(gameId, n, r)
      if (simApply(gameId, sim, wrong)) {
        steps.push({ t, table, kind: 'apply', action: wrong })
        t += 20_000
        steps.push({ t, table, kind: 'undo' })
        if (r() < 0.1) {
          t += 10_000
          steps.push({ t, table, kind: 'redo' }, { t: t + 10_000, table, kind: 'undo' })
          t += 10_000
        }
        t += 20_000
      }
    }
    steps.push({ t, table, kind: 'apply', action, tag: ++tag })
    applied.push({ action, tag })
    sim = next
  }
  // Now and then a round is corrected once the match is over: two seats' points swapped, kept only if
  // the match still ends exactly at its last entry.
  if (gameId === 'wild-nine' && applied.length > 2 && r() < 0.12) {
    const k = Math.floor(r() * (applied.length - 1))
    const old = applied[k]!.action as { type: 'round'; wentOut: number; points: number[] }
    const others = old.points.map((_, s) => s).filter((s) => s !== old.wentOut)
    if (others.length >= 2) {
      const [a, b] = shuffle(others, r) as [number, number]
      const points = old.points.slice()
      ;[points[a], points[b]] = [points[b]!, points[a]!]
      const fixed = { ...old, points }
      let s = simStart(gameId, config)
      let ok = true
      applied.forEach((x, i) => {
        const next = ok ? simApply(gameId, s, i === k ? fixed : x.action) : null
        if (!next || (next.over && i < applied.length - 1)) ok = false
        else s = next
      })
      if (ok && s.over) {
        t += 3 * MIN
        steps.push({ t, table, kind: 'correct', tag: applied[k]!.tag, action: fixed })
      }
    }
  }
  return { steps, end: t + 6 * MIN + Math.floor(r() * 12 * MIN) }
}

const SCHEMES = [
  { kind: 'result', win: 3, draw: 1, loss: 0 },
  { kind: 'placement', top: 10 },
  { kind: 'result', win: 2, draw: 1, loss: 0 },
  { kind: 'placement', top: 5 },
]

/** The name of the season every copy of the 10× history leaves out (it counts every match once). */
export const ALL_TIME = 'All time'

export interface ClubHistory {
  /** The data file. */
  file: string
  matches: number
  events: number
  players: { id: string; name: string }[]
  /** A season counting every match (standings over the whole history). */
  allTimeSeason: string
  generatedMs: number
}

async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`club bench: ${channel} ${JSON.stringify(input).slice(0, 200)}: ${r.error.message}`)
  return r.value as T
}

/** The 1× history, written through the contract into `dir`. */
async function generateOnce(dir: string): Promise<void> {
  const r = mulberry32(27)
  let now = Date.parse('2023-09-05T08:00:00Z')
  const core = createCore({
    dataDir: dir,
    mode: 'web',
    version: 'bench',
    clock: () => new Date(now),
    autoBackup: false,
    log: () => {},
  })
  try {
    const at = (t: number): void => {
      // The clock never goes back (one laptop).
      now = Math.max(now + 1, t)
    }
    const players: Player[] = []
    for (const name of NAMES) {
      at(now + 1000)
      players.push(await call<Player>(core, 'players:create', { name }))
    }
    at(now + 1000)
    const jonny = await call<Player>(core, 'players:create', { name: 'Jonny' })
    const temp = await call<Player>(core, 'players:create', { name: 'Visitor' })
    await call(core, 'players:delete', { id: temp.id })
    const seatable = (): Player[] => [...players, ...(jonny.id ? [jonny] : [])]
    let jonnyMerged = false
    await call(core, 'seasons:create', {
      name: ALL_TIME,
      startDate: '2000-01-01',
      endDate: '2099-12-31',
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'placement', top: 10 },
    })
    // Nights: every Thursday for three years, and the Saturday of each daylight-saving weekend.
    const first = Date.parse('2023-09-07T00:00:00Z')
    const nights: number[] = []
    for (let d = first; d < first + 156 * 7 * DAY; d += 7 * DAY) nights.push(d)
    for (let y = 2023; y <= 2026; y++)
      for (const month of [2, 9]) {
        const end = new Date(Date.UTC(y, month + 1, 0))
        const sat = end.getTime() - ((end.getUTCDay() + 1) % 7) * DAY
        if (sat > first && sat < first + 156 * 7 * DAY) nights.push(sat)
      }
    nights.sort((a, b) => a - b)
    const seasons: { id: string; end: string }[] = []
    let seasonNo = 0
    const renames: Record<number, [string, string]> = {
      20: ['Bob', 'Robert'],
      45: ['Kate', 'Katie'],
      70: ['Ugo', 'Hugo B.'],
      95: ['Xenia', 'Ksenia'],
      120: ['Wim', 'Willem'],
    }
    let tag = 0
    let matches = 0
    for (const [i, day] of nights.entries()) {
      if (i % 10 === 0) process.stderr.write(`club bench: night ${i + 1} of ${nights.length}, ${matches} matches\n`)
      const date = new Date(day).toISOString().slice(0, 10)
      // A season every 20 weeks, archived once it is over.
      if (i % 20 === 0) {
        const start = date
        const end = new Date(day + 20 * 7 * DAY - DAY).toISOString().slice(0, 10)
        at(day + 8 * 3_600_000)
        for (const s of seasons.splice(0)) await call(core, 'seasons:set-archived', { id: s.id, archived: true })
        const season = await call<{ id: string }>(core, 'seasons:create', {
          name: `Season ${++seasonNo}`,
          startDate: start,
          endDate: end,
          gameIds: seasonNo % 3 === 0 ? ['wild-nine', 'nine'] : null,
          playerIds: null,
          scheme: SCHEMES[seasonNo % SCHEMES.length],
        })
        seasons.push({ id: season.id, end })
      }
      if (renames[i]) {
        const [from, to] = renames[i]
        const p = players.find((x) => x.name === from)
        if (p) {
          at(day + 9 * 3_600_000)
          p.name = (await call<Player>(core, 'players:rename', { id: p.id, name: to })).name
        }
      }
      if (i === 78 && !jonnyMerged) {
        const jonas = players.find((p) => p.name === 'Jonas')!
        at(day + 9 * 3_600_000)
        await call(core, 'players:merge', { from: jonny.id, into: jonas.id })
        jonnyMerged = true
      }
      // Tables from 19:00 local; the night goes on past midnight (and past 03:00 on a DST Saturday).
      const saturday = new Date(day).getUTCDay() === 6
      const offset = berlinOffset(day + 18 * 3_600_000)
      const start = day + 19 * 3_600_000 - offset * MIN
      const close = start + (saturday ? 6.5 : 3.75) * 3_600_000
      const tables = 2 + Math.floor(r() * 3)
      const steps: Step[] = []
      const present = shuffle(jonnyMerged ? players : seatable(), r).slice(0, 10 + Math.floor(r() * 12))
      for (let table = 0; table < tables; table++) {
        let t = start + Math.floor(r() * 20 * MIN)
        while (t < close) {
          const roll = r()
          const gameId: GameId =
            roll < 0.45 ? 'wild-nine' : roll < 0.8 ? 'nine' : roll < 0.93 ? 'seven-eight-nine' : 'ennea'
          const max = gameId === 'seven-eight-nine' ? 2 : gameId === 'ennea' ? 4 : gameId === 'wild-nine' ? 6 : 8
          const n = gameId === 'seven-eight-nine' ? 2 : 2 + Math.floor(r() * (max - 1))
          const seated = shuffle(present, r).slice(0, n)
          const planned = planMatch(
            table,
            t,
            gameId,
            seated.map((p) => p.id),
            seated.map((p) => p.name),
            r,
            tag,
          )
          tag += planned.steps.length
          steps.push(...planned.steps)
          t = planned.end
          matches++
        }
      }
      steps.sort((a, b) => a.t - b.t || a.table - b.table)
      const current = new Map<number, string>()
      const byTag = new Map<number, string>()
      for (const s of steps) {
        at(s.t)
        const id = current.get(s.table) as string
        switch (s.kind) {
          case 'create': {
            const v = await call<MatchView>(core, 'matches:create', {
              gameId: s.gameId,
              playerIds: s.players,
              options: s.options,
              utcOffset: berlinOffset(s.t),
            })
            current.set(s.table, v.id)
            break
          }
          case 'apply': {
            const v = await call<MatchView>(core, 'matches:apply', { id, action: s.action })
            if (s.tag !== undefined) byTag.set(s.tag, v.actions[v.actions.length - 1]!.eventId)
            break
          }
          case 'undo':
          case 'redo':
            await call(core, `matches:${s.kind}`, { id })
            break
          case 'correct':
            await call(core, 'matches:correct', { id, eventId: byTag.get(s.tag), action: s.action })
            break
          case 'close':
            await call(core, 'matches:close', { id, status: s.status })
            break
        }
      }
      if (r() < 0.3) {
        at(now + MIN)
        await call(core, 'nights:set-venue', { date, venue: r() < 0.5 ? 'The Crown' : "Gwen's kitchen" })
      }
    }
    if (matches < 100) throw new Error('club bench: the generator made almost no matches')
  } finally {
    core.close()
  }
}

/** A stable UUIDv7-shaped id for copy `copy` of `id` (its time part moved by `shiftMs`). */
function copyId(id: string, copy: number, shiftMs: number): string {
  const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16) + shiftMs
  const h = createHash('sha1').update(`${copy}:${id}`).digest('hex')
  const t = Math.max(0, ms).toString(16).padStart(12, '0').slice(-12)
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${h.slice(0, 3)}-8${h.slice(3, 6)}-${h.slice(6, 18)}`
}

const shiftDate = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

/** The 1× log plus `copies - 1` copies, each 156 weeks after the previous (same players). */
export function multiply(events: DomainEvent[], copies: number): DomainEvent[] {
  const out: DomainEvent[] = [...events]
  const weeks = 156
  const allTime = new Set(
    events
      .filter((e) => e.kind === 'season.created' && (e.payload as { name: string }).name === ALL_TIME)
      .map((e) => e.subject),
  )
  for (let c = 1; c < copies; c++) {
    const days = c * weeks * 7
    const shift = days * DAY
    const ids = new Map<string, string>()
    const remap = (x: string): string => {
      let y = ids.get(x)
      if (!y) ids.set(x, (y = copyId(x, c, shift)))
      return y
    }
    for (const e of events) {
      if (e.kind.startsWith('player.') || e.kind === 'club.rating-system-set' || allTime.has(e.subject)) continue
      ids.set(e.id, copyId(e.id, c, shift))
      if (!e.kind.startsWith('night.')) remap(e.subject)
      remap(e.deviceId)
    }
    const walk = (x: unknown): unknown => {
      if (typeof x === 'string') return ids.get(x) ?? x
      if (Array.isArray(x)) return x.map(walk)
      if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v)]))
      return x
    }
    for (const e of events) {
      if (!ids.has(e.id)) continue
      const h = parseHlc(e.hlc)!
      const deviceId = ids.get(e.deviceId) as string
      let payload = walk(e.payload) as Record<string, unknown>
      let subject = ids.get(e.subject) ?? e.subject
      if (e.kind === 'night.venue-set') {
        payload = { ...payload, date: shiftDate(payload.date as string, days) }
        subject = nightSubject(payload.date as string)
      }
      if (e.kind === 'season.created' || e.kind === 'season.updated')
        for (const k of ['startDate', 'endDate'])
          if (typeof payload[k] === 'string') payload = { ...payload, [k]: shiftDate(payload[k] as string, days) }
      out.push({
        ...e,
        id: ids.get(e.id) as string,
        deviceId,
        hlc: formatHlc(h.wall + shift, h.counter, deviceId),
        subject,
        payload,
      } as DomainEvent)
    }
  }
  return out
}

/** The history at `scale` (1 or 10), from the cache when it is there. */
export async function clubHistory(scale: 1 | 10): Promise<ClubHistory> {
  mkdirSync(CACHE_DIR, { recursive: true })
  const dir = join(CACHE_DIR, `${scale}x`)
  const file = join(dir, DB_FILE_NAME)
  const meta = join(CACHE_DIR, `${scale}x.json`)
  if (!existsSync(meta) || !existsSync(file)) {
    const t0 = performance.now()
    rmSync(dir, { recursive: true, force: true })
    const work = `${dir}.partial`
    rmSync(work, { recursive: true, force: true })
    mkdirSync(work, { recursive: true })
    if (scale === 1) await generateOnce(work)
    else {
      const one = await clubHistory(1)
      const source = createCore({
        dataDir: join(CACHE_DIR, '1x'),
        mode: 'web',
        version: 'bench',
        autoBackup: false,
        log: () => {},
      })
      let exported: { events: DomainEvent[] } & Record<string, unknown>
      try {
        const r = await source.dispatch('transfer:export-json', {})
        if (!r.ok) throw new Error(r.error.message)
        exported = JSON.parse((r.value as { content: string }).content)
      } finally {
        source.close()
      }
      const events = multiply(exported.events, scale)
      const devices: Record<string, number> = {}
      for (const e of events) devices[e.deviceId] = Math.max(devices[e.deviceId] ?? 0, e.deviceSeq)
      const text = JSON.stringify({ ...exported, eventCount: events.length, devices, events })
      const path = join(CACHE_DIR, `${scale}x-export.json`)
      writeFileSync(path, text)
      createCore({ dataDir: work, mode: 'web', version: 'bench', autoBackup: false, log: () => {} }).close()
      const ops = createWorkerOps({ file: join(work, DB_FILE_NAME), busyTimeoutMs: 5000 })
      try {
        const r = (await ops.run({ op: 'import', path, now: new Date().toISOString() })) as {
          ok: boolean
          error?: { message: string }
        }
        if (!r.ok) throw new Error(`club bench: the 10× import failed: ${r.error?.message}`)
      } finally {
        ops.close()
        rmSync(path, { force: true })
      }
      void one
    }
    renameSync(work, dir)
    const core = createCore({ dataDir: dir, mode: 'web', version: 'bench', autoBackup: false, log: () => {} })
    try {
      const count = (sql: string): number => core.db.prepare(sql).pluck().get() as number
      const info = {
        matches: count('SELECT count(*) FROM matches'),
        events: count('SELECT count(*) FROM events'),
        players: core.db
          .prepare('SELECT id, name FROM players WHERE deleted = 0 AND canonical_id = id ORDER BY name_key')
          .all() as { id: string; name: string }[],
        allTimeSeason: core.db.prepare('SELECT id FROM seasons WHERE name = ?').pluck().get(ALL_TIME) as string,
        generatedMs: performance.now() - t0,
      }
      writeFileSync(meta, JSON.stringify(info))
    } finally {
      core.close()
    }
  }
  return { file, ...(JSON.parse(readFileSync(meta, 'utf8')) as Omit<ClubHistory, 'file'>) }
}
