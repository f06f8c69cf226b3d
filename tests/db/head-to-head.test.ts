/**
 * stats:head-to-head on a random club against the same numbers worked out independently from each
 * match's own view (its standings and winners), for every pair of players, with and without a game
 * filter; and the query's plan walks one player's results once (no walk of them per match of the other).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MatchView } from '../../src/shared/model/match'
import type { HeadToHead, HeadToHeadLine } from '../../src/shared/model/stats'
import { HEAD_TO_HEAD_SQL } from '../../src/core/services/stats'
import { mulberry32 } from '../helpers/prng'
import { tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

beforeEach(() => {
  core = tempCore()
})
afterEach(() => core.cleanup())

type Game = 'wild-nine' | 'nine'

/** A random club: Wild Nine and Nine matches played to their end by round entries, some left open or abandoned. */
async function randomClub(seed: number): Promise<{ players: string[]; views: MatchView[] }> {
  const r = mulberry32(seed)
  const players: string[] = []
  for (const name of ['Ana', 'Bo', 'Cy', 'Dita', 'Emil', 'Fenna'])
    players.push((await call<{ id: string }>('players:create', { name })).id)
  const views: MatchView[] = []
  for (let m = 0; m < 36; m++) {
    const gameId: Game = r() < 0.6 ? 'wild-nine' : 'nine'
    const n = 2 + Math.floor(r() * 4)
    const seated = [...players].sort(() => r() - 0.5).slice(0, n)
    let v = await call<MatchView>('matches:create', { gameId, playerIds: seated })
    const stopAt = r() < 0.15 ? 1 + Math.floor(r() * 2) : Infinity
    for (let round = 0; v.status === 'in-progress' && round < 60; round++) {
      if (round === stopAt) {
        if (r() < 0.5) v = await call<MatchView>('matches:close', { id: v.id, status: 'abandoned' })
        break
      }
      const out = Math.floor(r() * n)
      const action =
        gameId === 'wild-nine'
          ? { type: 'round', wentOut: out, points: seated.map((_, s) => (s === out ? 0 : 5 + Math.floor(r() * 30))) }
          : { type: 'round', declarer: out, totals: seated.map((_, s) => (s === out ? 0 : 8 + Math.floor(r() * 30))) }
      const next = await core.dispatch('matches:apply', { id: v.id, action })
      if (next.ok) v = next.value as MatchView
    }
    views.push(await call<MatchView>('matches:get', { id: v.id }))
  }
  return { players, views }
}

/** The head-to-head of a and b worked out from the match views alone. */
function expected(
  views: MatchView[],
  a: string,
  b: string,
  gameId?: Game,
): { lines: HeadToHeadLine[]; recent: string[] } {
  const together = views
    .filter((v) => v.status === 'finished' && (!gameId || v.gameId === gameId))
    .flatMap((v) => {
      const sa = v.seats.findIndex((s) => s.playerId === a)
      const sb = v.seats.findIndex((s) => s.playerId === b)
      if (sa < 0 || sb < 0) return []
      const rank = (seat: number): number => v.standings.find((s) => s.seat === seat)!.rank
      const winners = v.winners ?? v.game.winners
      return [{ v, ap: rank(sa), bp: rank(sb), aw: winners.includes(sa), bw: winners.includes(sb) }]
    })
  const line = (g: Game | 'all'): HeadToHeadLine => {
    const rs = together.filter((x) => g === 'all' || x.v.gameId === g)
    return {
      gameId: g,
      matches: rs.length,
      aAhead: rs.filter((x) => x.ap < x.bp).length,
      bAhead: rs.filter((x) => x.bp < x.ap).length,
      level: rs.filter((x) => x.ap === x.bp).length,
      aWins: rs.filter((x) => x.aw).length,
      bWins: rs.filter((x) => x.bw).length,
    }
  }
  const games: Game[] = gameId ? [gameId] : ['wild-nine', 'nine']
  const lines = [line('all'), ...games.map(line).filter((l) => l.matches > 0)]
  const recent = together
    .sort((x, y) =>
      x.v.finishedAt! < y.v.finishedAt! ? 1 : x.v.finishedAt! > y.v.finishedAt! ? -1 : x.v.id < y.v.id ? 1 : -1,
    )
    .slice(0, 20)
    .map((x) => `${x.v.id} ${x.ap} ${x.bp}`)
  return { lines, recent }
}

describe('head-to-head', () => {
  it('equals an independent count from the match views for every pair, with and without a game filter', async () => {
    const { players, views } = await randomClub(2027)
    expect(views.filter((v) => v.status === 'finished').length).toBeGreaterThan(20)
    let compared = 0
    for (const a of players)
      for (const b of players) {
        if (a === b) continue
        for (const gameId of [undefined, 'wild-nine', 'nine'] as const) {
          const h = await call<HeadToHead>('stats:head-to-head', { a, b, ...(gameId ? { gameId } : {}) })
          const want = expected(views, a, b, gameId)
          // The game lines come in the registry's order; compare them as a set, 'all' first.
          expect(h.lines[0]).toEqual(want.lines[0])
          expect([...h.lines.slice(1)].sort((x, y) => x.gameId.localeCompare(y.gameId))).toEqual(
            [...want.lines.slice(1)].sort((x, y) => x.gameId.localeCompare(y.gameId)),
          )
          expect(h.recent.map((x) => `${x.matchId} ${x.aPlacement} ${x.bPlacement}`)).toEqual(want.recent)
          compared += h.lines[0]!.matches
        }
      }
    expect(compared).toBeGreaterThan(100)
  })

  it("walks one player's results once: A's rows by A's index, B's seat by the primary key", () => {
    const plan = (
      core.db.prepare(`EXPLAIN QUERY PLAN ${HEAD_TO_HEAD_SQL('')}`).all({ a: 'x', b: 'y' }) as { detail: string }[]
    ).map((p) => p.detail)
    expect(plan).toHaveLength(2)
    expect(plan[0]).toMatch(/^SEARCH x USING (COVERING )?INDEX match_results_player \(player_id=\?\)$/)
    expect(plan[1]).toMatch(/^SEARCH y USING INDEX sqlite_autoindex_match_results_1 \(match_id=\?\)$/)
  })
})
