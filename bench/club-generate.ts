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
 * This file writes the nights through the contract and makes the two files; a match's steps are
 * planned in club-match.ts, the 10× copies made in club-copies.ts, the club's clock in club-time.ts.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore, type Core } from '../src/core/core'
import { DB_FILE_NAME } from '../src/core/db/open'
import { createWorkerOps } from '../src/core/worker/ops'
import type { DomainEvent } from '../src/shared/events/types'
import type { GameId } from '../src/shared/games/registry'
import type { MatchView } from '../src/shared/model/match'
import type { Player } from '../src/shared/model/player'
import { mulberry32 } from '../tests/helpers/prng'
import { ALL_TIME, multiply } from './club-copies'
import { planMatch, shuffle, type Step } from './club-match'
import { berlinOffset, DAY, MIN } from './club-time'

export { ALL_TIME, multiply } from './club-copies'
export { berlinOffset } from './club-time'

/** Raise when the history changes: cached files of another version are not used. */
export const GENERATOR_VERSION = 1

export const CACHE_DIR = join(tmpdir(), `ninekeeper-club-bench-v${GENERATOR_VERSION}`)

const NAMES = [
  'Ana', 'Bo', 'Cy', 'Dita', 'Emil', 'Fenna', 'Gwen', 'Hugo', 'Ines', 'Jonas',
  'Kate', 'Lars', 'Mira', 'Nils', 'Olga', 'Piet', 'Quinn', 'Rosa', 'Sven', 'Tess',
  'Ugo', 'Vera', 'Wim', 'Xenia', 'Yara', 'Zeno', 'Bob', 'Cleo', 'Dario', 'Elif',
] // prettier-ignore

const SCHEMES = [
  { kind: 'result', win: 3, draw: 1, loss: 0 },
  { kind: 'placement', top: 10 },
  { kind: 'result', win: 2, draw: 1, loss: 0 },
  { kind: 'placement', top: 5 },
]

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
