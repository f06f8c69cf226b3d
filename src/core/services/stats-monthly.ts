/**
 * The monthly chart (`stats:monthly`, docs/ARCHITECTURE.md § Club data): finished matches per local
 * month (of the finish, in the match's own offset) and game, and wins per month of the chosen players
 * or the top five by wins. Without a span or a venue it reads the counts kept per month (stat_month,
 * club-totals.ts); otherwise it counts from the match results.
 */
import type { Database } from 'better-sqlite3'
import { GAME_IDS, type GameId } from '../../shared/games/engine'
import type { MonthlyResults, StatsFilter } from '../../shared/model/stats'
import { localMonthSql } from './stats-dates'
import { matchWhere } from './stats-span'

/**
 * Finished matches per local month per game (only matches where a chosen player sat, when players
 * are chosen), and wins per month for the chosen players or the top five by wins in the chosen
 * game (all games when none is chosen).
 */
export function monthlyResults(
  db: Database,
  f: StatsFilter,
  playerOne: (id: string) => { id: string; name: string; color: string | null } | undefined,
): MonthlyResults {
  const params: Record<string, unknown> = {}
  const month = localMonthSql('x.finished_at', 'mm.utc_offset')
  const { where } = matchWhere(f, params)
  // Without a span or a venue, the counts kept per local month (stat_month, club-totals.ts): a
  // few rows per month whatever the history. With chosen players a match where two of them sat
  // is counted once, so those counts come from the results.
  const kept = !f.from && !f.to && !f.fromDate && !f.toDate && !f.venue
  const gameOnly = f.gameId ? 'AND game_id = @gameId' : ''
  const games = (
    kept && !f.playerIds?.length
      ? db.prepare(
          `SELECT month, game_id, sum(matches) AS n FROM stat_month WHERE player_id = '*' ${gameOnly}
           GROUP BY month, game_id HAVING n > 0 ORDER BY month`,
        )
      : db.prepare(
          // Each match once (its seats share game and time) before its offset is looked up: the distinct
          // rows come in order from the covering index match_results_game, a quarter of the result rows.
          `SELECT ${month} AS month, x.game_id, count(DISTINCT x.match_id) AS n
           FROM (SELECT DISTINCT x.game_id, x.finished_at, x.match_id FROM match_results x
                 ${where.length ? `WHERE ${where.join(' AND ')}` : ''}) x
           JOIN matches mm ON mm.id = x.match_id GROUP BY month, x.game_id ORDER BY month`,
        )
  ).all(kept && !f.playerIds?.length ? { gameId: f.gameId } : params) as {
    month: string
    game_id: GameId
    n: number
  }[]
  const months = [...new Set(games.map((g) => g.month))].sort()
  const idx = new Map(months.map((m, i) => [m, i]))
  const gameLines = GAME_IDS.filter((g) => games.some((r) => r.game_id === g)).map((gameId) => {
    const counts = months.map(() => 0)
    for (const r of games) if (r.game_id === gameId) counts[idx.get(r.month) as number] = r.n
    return { gameId, counts }
  })
  const chosen = f.playerIds?.length
    ? f.playerIds
    : db
        .prepare<[{ gameId: string | null }], { player_id: string }>(
          `SELECT m.player_id FROM stat_player_match m JOIN players p ON p.id = m.player_id AND p.canonical_id = p.id
           WHERE (@gameId IS NULL OR m.game_id = @gameId)
           GROUP BY m.player_id HAVING sum(m.matches) > 0 ORDER BY sum(m.wins) DESC, m.player_id LIMIT 5`,
        )
        .all({ gameId: f.gameId ?? null })
        .map((r) => r.player_id)
  const wp: Record<string, unknown> = {}
  const w = matchWhere({ ...f, playerIds: undefined }, wp)
  const winsQ = kept
    ? db.prepare(`SELECT month, sum(wins) AS n FROM stat_month WHERE player_id = @player ${gameOnly} GROUP BY month`)
    : db.prepare(
        `SELECT ${month} AS month, sum(x.won) AS n FROM match_results x JOIN matches mm ON mm.id = x.match_id
         WHERE x.player_id = @player ${w.where.length ? `AND ${w.where.join(' AND ')}` : ''} GROUP BY month`,
      )
  const players = chosen.flatMap((player) => {
    const p = playerOne(player)
    if (!p) return []
    const wins = months.map(() => 0)
    for (const r of winsQ.all(kept ? { player, gameId: f.gameId } : { ...wp, player }) as {
      month: string
      n: number
    }[]) {
      const i = idx.get(r.month)
      if (i !== undefined) wins[i] = r.n
    }
    return [{ playerId: p.id, name: p.name, color: p.color, wins }]
  })
  return { months, games: gameLines, players }
}
