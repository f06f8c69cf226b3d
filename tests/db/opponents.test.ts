/**
 * Each player's record against each opponent (schema 8, stat_player_opponent) is kept by triggers as
 * match results come and go, and recomputed after a batch. Whatever happens to a club's matches
 * (rounds that finish them, corrections that change who placed where, undo, abandoning, merges), it
 * equals the pairs counted from the match results themselves, and the player page's opponents are
 * the same as those counted from the raw results.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MatchView } from '../../src/shared/model/match'
import { tempCore } from '../helpers/tmp'

const RAW_PAIRS = `
  SELECT x.player_id, x.game_id, y.player_id AS opponent_id, count(*) AS matches, sum(x.placement < y.placement) AS ahead, sum(y.placement < x.placement) AS behind
  FROM match_results x JOIN match_results y ON y.match_id = x.match_id AND y.seat <> x.seat AND y.player_id <> x.player_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`
const KEPT =
  'SELECT player_id, game_id, opponent_id, matches, ahead, behind FROM stat_player_opponent WHERE matches <> 0 ORDER BY 1, 2, 3'

type Op = { kind: 'match' | 'round' | 'correct' | 'undo' | 'abandon' | 'merge'; a: number; b: number }
const op = fc.noBias(
  fc.record({
    kind: fc.constantFrom<Op['kind']>(
      'match',
      'round',
      'round',
      'round',
      'round',
      'correct',
      'undo',
      'abandon',
      'merge',
    ),
    a: fc.nat(1000),
    b: fc.nat(1000),
  }),
)
const points = (seats: number, a: number, b: number) => {
  const out = b % seats
  return {
    type: 'round',
    wentOut: out,
    points: Array.from({ length: seats }, (_, s) => (s === out ? 0 : 3 + ((a + s * 7) % 17))),
  }
}

describe('records against opponents', () => {
  it('equal the pairs counted from the match results after any history; the player page says the same', async () => {
    let finishedSeen = 0
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 30, maxLength: 80 }), async (ops) => {
        const core = tempCore()
        const call = async <T>(c: string, i: unknown): Promise<T | null> => {
          const r = await core.dispatch(c, i)
          if (!r.ok && r.error.code === 'internal') throw new Error(`${c}: ${r.error.message}`)
          return r.ok ? (r.value as T) : null
        }
        try {
          const ids: string[] = []
          for (const name of ['Ana', 'Bo', 'Cy', 'Di', 'Eve'])
            ids.push((await call<{ id: string }>('players:create', { name }))!.id)
          const matches: string[] = []
          for (const o of ops) {
            const m = matches[o.a % Math.max(1, matches.length)]
            const live =
              (await call<{ id: string; archived: boolean; mergedInto?: string | null }[]>('players:list', {})) ?? []
            if (o.kind === 'match' || !m) {
              const seated = live.slice(o.a % 3, (o.a % 3) + 2 + (o.b % 3)).map((p) => p.id)
              if (seated.length < 2) continue
              const v = await call<MatchView>('matches:create', {
                gameId: 'wild-nine',
                playerIds: seated,
                options: { houseRules: { cutoff: 30 } },
              })
              if (v) matches.push(v.id)
              continue
            }
            const v = await call<MatchView>('matches:get', { id: m })
            if (!v) continue
            if (o.kind === 'round') await call('matches:apply', { id: m, action: points(v.seats.length, o.a, o.b) })
            if (o.kind === 'correct' && v.actions.length) {
              const e = v.actions[o.b % v.actions.length]!
              await call('matches:correct', { id: m, eventId: e.eventId, action: points(v.seats.length, o.b, o.a) })
            }
            if (o.kind === 'undo') await call('matches:undo', { id: m })
            if (o.kind === 'abandon') await call('matches:close', { id: m, status: 'abandoned' })
            if (o.kind === 'merge' && live.length > 2) {
              const from = live[o.a % live.length]!
              const into = live[o.b % live.length]!
              if (from.id !== into.id) await call('players:merge', { from: from.id, into: into.id })
            }
          }
          finishedSeen += core.db.prepare('SELECT count(*) FROM match_results').pluck().get() as number
          expect(core.db.prepare(KEPT).all()).toEqual(core.db.prepare(RAW_PAIRS).all())
          for (const p of ids) {
            const r = await core.dispatch('stats:player', { playerId: p })
            if (!r.ok) continue
            const page = (
              r.value as {
                profile: { opponents: { playerId: string; matches: number; ahead: number; behind: number }[] }
              }
            ).profile
            const raw = core.db
              .prepare(
                `SELECT y.player_id AS playerId, count(*) AS matches, sum(x.placement < y.placement) AS ahead, sum(y.placement < x.placement) AS behind
                 FROM match_results x JOIN match_results y ON y.match_id = x.match_id AND y.seat <> x.seat AND y.player_id <> x.player_id
                 WHERE x.player_id = ? GROUP BY y.player_id`,
              )
              .all(p) as { playerId: string; matches: number; ahead: number; behind: number }[]
            const norm = (xs: { playerId: string; matches: number; ahead: number; behind: number }[]) =>
              xs
                .map(({ playerId, matches, ahead, behind }) => ({ playerId, matches, ahead, behind }))
                .sort((a, b) => a.playerId.localeCompare(b.playerId))
            expect(norm(page.opponents)).toEqual(norm(raw))
          }
        } finally {
          core.cleanup()
        }
      }),
      { numRuns: 10, seed: Number(process.env.OPPONENTS_SEED ?? 20261201) },
    )
    // Not vacuous: the histories finished matches (and the checks above compared real records).
    expect(finishedSeen).toBeGreaterThan(20)
  })
})
