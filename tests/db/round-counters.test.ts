/**
 * Round rows carry their rule-event counters (e1..e6) and local day, computed by the projector in
 * JavaScript (src/shared/stats/round-counters.ts); schema 7 filled older rows from the schema-5 SQL
 * rules. Both must say the same for every detail a game writes. The summaries are kept by adding
 * each written row's numbers once; a write that fails adds nothing.
 */
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { STAT_EVENTS_V5, ROUND_LOCAL_DAY } from '../../src/core/db/migrations/v5'
import { roundCounters } from '../../src/shared/stats/round-counters'
import { localDateOf } from '../../src/shared/stats/local-date'
import { GAME_IDS } from '../../src/shared/games/engine'
import { tempCore } from '../helpers/tmp'

describe('round counters: the projector and the schema-5 SQL rules agree', () => {
  const db = new Database(':memory:')
  const sql = db
    .prepare(`SELECT ${STAT_EVENTS_V5('r').join(', ')} FROM (SELECT ? AS game_id, ? AS details_json) r`)
    .raw()
  const value = fc.oneof(fc.boolean(), fc.integer({ min: 0, max: 9 }), fc.constant(null))
  const details = fc.record(
    {
      ninesLeft: fc.integer({ min: 0, max: 4 }),
      wentOut: fc.boolean(),
      deadlock: fc.boolean(),
      declaredWon: fc.boolean(),
      declaredFailed: fc.boolean(),
      reset90: fc.boolean(),
      lost99: fc.boolean(),
      linesMade: fc.integer({ min: 0, max: 8 }),
      calledEnnea: value,
      loss: fc.integer({ min: 0, max: 9 }),
      result: fc.constantFrom('win', 'loss', 'draw'),
      ending: fc.constantFrom('declare', 'react', 'tiebreaker', 'swap', 'dealt-win', 'block'),
    },
    { requiredKeys: [] },
  )

  it('on random details of every game (missing keys, booleans, numbers)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GAME_IDS), details, (gameId, d) => {
        const json = JSON.stringify(d)
        expect(roundCounters(gameId, JSON.parse(json) as Record<string, unknown>)).toEqual(sql.get(gameId, json))
      }),
      { numRuns: 2000 },
    )
  })

  it('by hand: an Ennea call that made a line and lost cubes; a Seven Eight Nine tiebreaker win after a Block', () => {
    expect(roundCounters('ennea', { linesMade: 2, calledEnnea: true, loss: 3 })).toEqual([2, 1, 1, 1, 0, 0])
    expect(roundCounters('ennea', { linesMade: 0, calledEnnea: false, loss: 3 })).toEqual([0, 0, 0, 0, 0, 0])
    expect(roundCounters('seven-eight-nine', { result: 'win', ending: 'tiebreaker', blocked: true })).toEqual([
      0, 0, 1, 0, 0, 0,
    ])
    expect(roundCounters('wild-nine', { ninesLeft: 2, wentOut: false, deadlock: true })).toEqual([2, 0, 1, 0, 0, 0])
  })

  it('local days: the JavaScript day equals SQLite date() with the offset, across midnight both ways', () => {
    db.exec('CREATE TABLE matches (id TEXT, utc_offset INTEGER)')
    const day = db.prepare(`SELECT ${ROUND_LOCAL_DAY('r')} FROM (SELECT ? AS played_at, 'm' AS match_id) r`).pluck()
    const setOffset = db.prepare("INSERT INTO matches VALUES ('m', ?)")
    const clear = db.prepare('DELETE FROM matches')
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2030-01-01') }),
        fc.integer({ min: -840, max: 840 }),
        (t, offset) => {
          clear.run()
          setOffset.run(offset)
          const iso = new Date(t).toISOString()
          expect(localDateOf(iso, offset)).toBe(day.get(iso))
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('summaries follow the round rows written', () => {
  let core: ReturnType<typeof tempCore>
  beforeEach(() => {
    core = tempCore()
  })
  afterEach(() => core.cleanup())

  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const r = await core.dispatch(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
    return r.value as T
  }
  const round = (i: number) => ({
    type: 'round',
    wentOut: i % 3,
    points: [0, 1, 2].map((k) => (k === i % 3 ? 0 : 1 + ((i + k) % 4))),
  })
  /** The summaries as the round rows say (what a full recount gives). */
  const recount = () => ({
    game: core.db
      .prepare(
        'SELECT player_id, game_id, count(*) AS rounds, sum(score) AS s, sum(won_round) AS w, sum(e1) AS e1, sum(e2) AS e2, sum(e3) AS e3 FROM round_results GROUP BY 1, 2 ORDER BY 1, 2',
      )
      .all(),
    day: core.db
      .prepare(
        'SELECT day, player_id, game_id, count(*) AS rounds, sum(score) AS s FROM round_results GROUP BY 1, 2, 3 ORDER BY 1, 2, 3',
      )
      .all(),
  })
  const kept = () => ({
    game: core.db
      .prepare(
        'SELECT player_id, game_id, rounds, score_sum AS s, rounds_won AS w, e1, e2, e3 FROM stat_player_game WHERE rounds <> 0 ORDER BY 1, 2',
      )
      .all(),
    day: core.db
      .prepare(
        'SELECT day, player_id, game_id, rounds, score_sum AS s FROM stat_player_game_day WHERE rounds <> 0 ORDER BY 1, 2, 3',
      )
      .all(),
  })

  it('rounds entered, corrected and undone; a write that fails part-way adds nothing, not even later', async () => {
    const ids: string[] = []
    for (const name of ['Ann', 'Bo', 'Cy']) ids.push((await call<{ id: string }>('players:create', { name })).id)
    const m = await call<{ id: string }>('matches:create', {
      gameId: 'wild-nine',
      playerIds: ids,
      options: { houseRules: { cutoff: 10000 } },
    })
    for (let i = 0; i < 5; i++) await call('matches:apply', { id: m.id, action: round(i) })
    // The third seat's row of the next round cannot be written: the write fails after two rows went in.
    core.db.exec(
      "CREATE TRIGGER fail_third BEFORE INSERT ON round_results WHEN NEW.seat = 2 BEGIN SELECT RAISE(ABORT, 'disk says no'); END",
    )
    const failed = await core.dispatch('matches:apply', { id: m.id, action: round(5) })
    expect(failed.ok).toBe(false)
    core.db.exec('DROP TRIGGER fail_third')
    expect(kept()).toEqual(recount())
    for (let i = 5; i < 9; i++) await call('matches:apply', { id: m.id, action: round(i) })
    const view = await call<{ actions: { eventId: string }[]; head: string }>('matches:get', { id: m.id })
    await call('matches:correct', { id: m.id, eventId: view.actions[1]!.eventId, action: round(7) })
    await call('matches:undo', { id: m.id })
    await call('matches:undo', { id: m.id })
    expect(kept()).toEqual(recount())
    expect((kept().game as { rounds: number }[]).map((r) => r.rounds)).toEqual([8, 8, 8])
  })
})
