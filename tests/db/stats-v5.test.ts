/**
 * Schema 5: each Seven Eight Nine way of winning counted once (SE-R14; a Block never wins, SE-R10),
 * on a fresh database and on one upgraded from schema 4 with the old counters in its summaries.
 */
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from 'better-sqlite3'
import { openDatabase } from '../../src/core/db/open'
import { LATEST_VERSION, MIGRATIONS } from '../../src/core/db/migrations/index'
import type { PlayerStats, StatsOverview } from '../../src/shared/model/stats'
import { deckWithout, flipDiscard, toTiebreak } from '../unit/games/seven-eight-nine/helpers'
import { tempCore, tempDir } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

/** Game 1: Bo declares at flip 20, Ann blocks, the draw pile runs out and Bo wins the tiebreaker (SE-G09, SE-R11). */
function blockedThenTiebreak(): unknown[] {
  const fill = deckWithout([3, 8, 9, 7, 9, 13])
  const cards = [...fill]
  cards.splice(fill.indexOf(7, 19), 1)
  cards.splice(19, 0, 7)
  return [
    ...flipDiscard(cards.slice(0, 19)),
    { type: 'flip', card: 7 },
    { type: 'declare', hand: [8, 9, 3] },
    { type: 'block', hand: [7, 9, 13] },
    ...flipDiscard(cards.slice(20)),
    {
      type: 'tiebreak',
      hands: [
        [7, 9, 13],
        [3, 8, 9],
      ],
    },
  ]
}

/**
 * Seven games between Ann (seat 0) and Bo (seat 1); the starter alternates, Ann starts game 1.
 *   1 Bo  tiebreaker (after a Block)   2 Bo  Declare      3 Bo  React     4 Ann swap
 *   5 Ann dealt win                    6 draw (both dealt 7-8-9)          7 Ann tiebreaker (no Block)
 */
const GAMES: unknown[][] = [
  blockedThenTiebreak(),
  [{ type: 'flip', card: 7 }, { type: 'declare', hand: [8, 9, 3] }, { type: 'no-block' }],
  [{ type: 'flip', card: 9 }, { type: 'discard' }, { type: 'react', give: 10, show: [7, 8, 9] }],
  [
    { type: 'flip', card: 5 },
    { type: 'discard' },
    { type: 'flip', card: 8 },
    { type: 'swap', give: 9, show: [7, 8, 9] },
  ],
  [{ type: 'dealt-win', seats: [0] }],
  [{ type: 'dealt-win', seats: [0, 1] }],
  [
    ...toTiebreak([8, 9, 2, 7, 9, 3]),
    {
      type: 'tiebreak',
      hands: [
        [8, 9, 2],
        [7, 9, 3],
      ],
    },
  ],
]

/** The hand-computed table: each way of winning once. */
const EXPECTED = {
  Ann: { swapWins: 1, reactWins: 0, declareWins: 0, dealtWins: 1, tiebreakWins: 1, draws: 1 },
  Bo: { swapWins: 0, reactWins: 1, declareWins: 1, dealtWins: 0, tiebreakWins: 1, draws: 1 },
}

async function playSeries(): Promise<string> {
  const ann = (await call<{ id: string }>('players:create', { name: 'Ann' })).id
  const bo = (await call<{ id: string }>('players:create', { name: 'Bo' })).id
  const m = await call<{ id: string }>('matches:create', { gameId: 'seven-eight-nine', playerIds: [ann, bo] })
  for (const [i, game] of GAMES.entries()) {
    if (i > 0) await call('matches:apply', { id: m.id, action: { type: 'next-game' } })
    for (const action of game) await call('matches:apply', { id: m.id, action })
  }
  await call('matches:close', { id: m.id, status: 'finished' })
  return m.id
}

const senEvents = (o: StatsOverview, name: string): Record<string, number> | undefined =>
  (o.players.find((p) => p.name === name) as PlayerStats).games.find((g) => g.gameId === 'seven-eight-nine')?.events

const summaryRows = (db: Database): unknown[] =>
  db.prepare('SELECT * FROM stat_player_game ORDER BY player_id, game_id').all()
const dayRows = (db: Database): unknown[] =>
  db.prepare('SELECT * FROM stat_player_game_day WHERE rounds <> 0 ORDER BY day, player_id, game_id').all()

beforeEach(() => {
  core = tempCore()
})
afterEach(() => core.cleanup())

describe('Seven Eight Nine: each way of winning once (schema 5)', () => {
  it('counts the hand-computed table: the blocked game that ends in the tiebreaker is a tiebreaker win, never a Block win', async () => {
    await playSeries()
    const o = await call<StatsOverview>('stats:overview', {})
    expect(senEvents(o, 'Ann')).toEqual(EXPECTED.Ann)
    expect(senEvents(o, 'Bo')).toEqual(EXPECTED.Bo)
    expect(senEvents(o, 'Bo')).not.toHaveProperty('blockWins')
    // Every won game is counted in exactly one way.
    for (const name of ['Ann', 'Bo'] as const) {
      const e = EXPECTED[name]
      const g = (o.players.find((p) => p.name === name) as PlayerStats).games[0]
      expect(g?.roundsWon).toBe(e.swapWins + e.reactWins + e.declareWins + e.dealtWins + e.tiebreakWins)
    }
    // The raw rows (a span filter) and the per-day summary (local dates) give the same counts.
    const raw = await call<StatsOverview>('stats:overview', { from: '2000-01-01T00:00:00Z' })
    expect(senEvents(raw, 'Bo')).toEqual(EXPECTED.Bo)
    const days = await call<StatsOverview>('stats:overview', { fromDate: '2000-01-01', toDate: '2099-12-31' })
    expect(senEvents(days, 'Ann')).toEqual(EXPECTED.Ann)
  })

  it('an upgraded schema 4 file (old counters in its summaries) ends with the same summaries as a fresh one', async () => {
    await playSeries()
    const fresh = { summary: summaryRows(core.db), days: dayRows(core.db) }
    const matches = core.db.prepare('SELECT * FROM matches').all() as Record<string, unknown>[]
    const rounds = core.db.prepare('SELECT * FROM round_results ORDER BY match_id, round, seat').all() as Record<
      string,
      unknown
    >[]
    const ids = core.db
      .prepare("SELECT id FROM players WHERE name IN ('Ann', 'Bo') ORDER BY name")
      .pluck()
      .all() as string[]

    const { dir, cleanup } = tempDir()
    try {
      const file = join(dir, 'old.sqlite')
      const old = openDatabase(file, { migrations: MIGRATIONS.slice(0, 4) })
      const v4Columns = old.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('matches') as string[]
      const insMatch = old.db.prepare(
        `INSERT INTO matches (${v4Columns.join(', ')}) VALUES (${v4Columns.map((c) => `@${c}`).join(', ')})`,
      )
      for (const m of matches) insMatch.run(Object.fromEntries(v4Columns.map((c) => [c, m[c]])))
      const rc = old.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('round_results') as string[]
      const insRound = old.db.prepare(
        `INSERT INTO round_results (${rc.join(', ')}) VALUES (${rc.map((c) => `@${c}`).join(', ')})`,
      )
      for (const r of rounds) insRound.run(Object.fromEntries(rc.map((c) => [c, r[c]])))
      // Schema 4's counters: Bo's "wins by Block" = his React win + his win in the blocked game.
      const bo = old.db
        .prepare("SELECT e1, e2, e3, e4 FROM stat_player_game WHERE player_id = ? AND game_id = 'seven-eight-nine'")
        .get(ids[1]) as Record<string, number>
      expect(bo).toEqual({ e1: 1, e2: 2, e3: 1, e4: 1 })
      old.db.close()

      const upgraded = openDatabase(file)
      expect(upgraded.migration).toMatchObject({ from: 4, to: LATEST_VERSION })
      expect(summaryRows(upgraded.db)).toEqual(fresh.summary)
      expect(dayRows(upgraded.db)).toEqual(fresh.days)
      // Schema 7 gave the stored rows their local day and counters in SQL: the same as the projector writes.
      expect(upgraded.db.prepare('SELECT * FROM round_results ORDER BY match_id, round, seat').all()).toEqual(rounds)
      upgraded.db.close()
    } finally {
      cleanup()
    }
  })
})
