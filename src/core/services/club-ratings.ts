/**
 * Ratings explained (docs/ARCHITECTURE.md § Club data): one game's rating table, OpenSkill and Elo as the stats
 * keep them (stat_rating, updated as each match is recorded), the mean strength of the opponents each
 * player met, and a note in plain words on why each player ranks where they do. ClubService
 * (club.ts) holds the rating system choice and answers through these functions.
 */
import type { Database } from 'better-sqlite3'
import type { RatingSystem } from '../../shared/events/club'
import { GAME_NAMES, type GameId } from '../../shared/games/engine'
import type { RatingRow, RatingsExplained } from '../../shared/model/club'
import { ok, type Result } from '../../shared/result'
import { ordinalOf } from '../../shared/stats/streaks'

/** The finished tables of one game in match order (finish time, then id): each seat's player and placement. */
export function* tables(db: Database, gameId: GameId): Generator<{ players: string[]; placements: number[] }> {
  const rows = db
    .prepare(
      'SELECT match_id, player_id, placement FROM match_results WHERE game_id = ? ORDER BY finished_at, match_id, seat',
    )
    .raw()
    .iterate(gameId) as IterableIterator<[string, string, number]>
  let current: { id: string; players: string[]; placements: number[] } | null = null
  for (const [matchId, player, placement] of rows) {
    if (current && current.id !== matchId) yield current
    if (!current || current.id !== matchId) current = { id: matchId, players: [], placements: [] }
    current.players.push(player)
    current.placements.push(placement)
  }
  if (current) yield current
}

/** One game's ratings under the chosen system (set at `setAt`), each row with its note. */
export function explainRatings(
  db: Database,
  gameId: GameId,
  system: RatingSystem,
  setAt: string | null,
): Result<RatingsExplained> {
  const t0 = performance.now()
  const rows = db
    .prepare(
      `SELECT r.player_id, coalesce(p.name, 'Unknown player') AS name, r.mu, r.sigma, r.matches, r.elo, coalesce(s.wins, 0) AS wins
       FROM stat_rating r LEFT JOIN players p ON p.id = r.player_id
       LEFT JOIN stat_player_match s ON s.player_id = r.player_id AND s.game_id = r.game_id
       WHERE r.game_id = ? AND coalesce(p.deleted, 0) = 0 AND coalesce(p.canonical_id = p.id, 1)`,
    )
    .all(gameId) as {
    player_id: string
    name: string
    mu: number
    sigma: number
    matches: number
    elo: number
    wins: number
  }[]
  // A merged player is not ranked: his history is his canonical player's, and
  // the row his id keeps (a seat at a table he shared with the player he was merged into, kept
  // apart so no result counts twice) is not a player of the club any more.
  // Elo is kept beside OpenSkill as matches are recorded (stat_rating.elo, stats-projector.ts). The
  // mean OpenSkill μ of the opponents each player met, each meeting once: the opponents' records
  // (stat_player_opponent) weighted by the μ of those ranked here.
  const muOf = new Map(rows.map((r) => [r.player_id, r.mu]))
  const opp = new Map<string, number>()
  const met = db
    .prepare('SELECT player_id, opponent_id, matches FROM stat_player_opponent WHERE game_id = ? AND matches > 0')
    .raw()
    .all(gameId) as [string, string, number][]
  const sums = new Map<string, { sum: number; n: number }>()
  for (const [player, opponent, n] of met) {
    const mu = muOf.get(opponent)
    if (mu === undefined) continue
    const o = sums.get(player) ?? { sum: 0, n: 0 }
    o.sum += mu * n
    o.n += n
    sums.set(player, o)
  }
  for (const [p, o] of sums) opp.set(p, o.sum / o.n)
  const eloMs = Math.round((performance.now() - t0) * 10) / 10
  const list: RatingRow[] = rows.map((r) => {
    const os = ordinalOf(r.mu, r.sigma)
    return {
      rank: 0,
      playerId: r.player_id,
      name: r.name,
      rating: system === 'elo' ? Math.round(r.elo) : Math.round(os * 100) / 100,
      mu: r.mu,
      sigma: r.sigma,
      elo: Math.round(r.elo),
      matches: r.matches,
      wins: r.wins,
      winRate: r.matches ? r.wins / r.matches : 0,
      opponentMu: opp.get(r.player_id) ?? null,
      note: '',
    }
  })
  list.sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name))
  list.forEach((r, i) => {
    r.rank = i > 0 && (list[i - 1] as RatingRow).rating === r.rating ? (list[i - 1] as RatingRow).rank : i + 1
    r.note = explain(system, r, list[i - 1] ?? null, GAME_NAMES[gameId])
  })
  return ok({ gameId, system, systemSetAt: setAt, rows: list, eloMs })
}

const pct = (x: number): string => `${Math.round(x * 100)}%`
const n1 = (x: number): string => x.toFixed(1)

/** Why a player ranks where they do, in plain words (compared with the player just above). */
export function explain(system: RatingSystem, r: RatingRow, above: RatingRow | null, game: string): string {
  const parts: string[] = []
  if (system === 'openskill') {
    parts.push(`${n1(r.rating)} = μ ${n1(r.mu)} − 3 × σ ${n1(r.sigma)}.`)
    parts.push(
      r.matches < 10
        ? `Only ${r.matches} match${r.matches === 1 ? '' : 'es'} of ${game}: the band is still wide and the rating can move a lot.`
        : `${r.matches} matches of ${game}: the band has narrowed.`,
    )
  } else {
    const d = r.rating - 1500
    parts.push(
      `${d >= 0 ? '+' : '−'}${Math.abs(d)} from the 1500 start over ${r.matches} match${r.matches === 1 ? '' : 'es'}.`,
    )
  }
  if (above && r.winRate > above.winRate) {
    const why: string[] = []
    if (system === 'openskill' && above.sigma < r.sigma - 0.05)
      why.push(
        `${above.name}’s rating is more certain (σ ${n1(above.sigma)} against ${n1(r.sigma)}, from ${above.matches} matches against ${r.matches})`,
      )
    if (above.opponentMu !== null && r.opponentMu !== null && above.opponentMu > r.opponentMu + 0.05) {
      why.push(
        `${above.name} met stronger opponents (their mean μ ${n1(above.opponentMu)} against ${n1(r.opponentMu)})`,
      )
    }
    if (why.length === 0)
      why.push(
        system === 'elo'
          ? `${above.name}’s wins came against higher-rated players, or more recently`
          : `${above.name} placed better in the matches that were not wins`,
      )
    parts.push(
      `Ranked below ${above.name} despite a higher win rate (${pct(r.winRate)} against ${pct(above.winRate)}): ${why.join('; ')}.`,
    )
  }
  return parts.join(' ')
}
