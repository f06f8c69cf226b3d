/**
 * A season's standings from running totals (docs/ARCHITECTURE.md § Club data, "At club scale";
 * schema 13). stat_league_day counts the results of each kind of seat per game and local start date:
 * the player, the table's size, the placement, how many seats shared it, whether it won and whether
 * the win was shared: everything a points scheme, the wins and the average placement read of a seat
 * (src/shared/stats/league.ts, seatPointsOf). `running` is the count of that kind on or before the
 * date, so a season's totals between two dates are, per kind, the running count at its end less the
 * one before its start: two indexed lookups whatever the history. Player '*' counts each match once.
 *
 * Written by the stats projector (through club-totals.ts) when a match's results go in or out: the
 * kind's count that day moves, and the running counts of that day and every later one with it.
 */
import type { Database, Statement } from 'better-sqlite3'
import type { GameId } from '../../shared/games/engine'
import type { SeatKind } from '../../shared/stats/league'

/** The parts of a match result row a seat's kind is made of. */
export interface LeagueResult {
  player_id: string
  game_id: string
  placement: number
  won: number
  shared: number
}

/** The key of a kind of seat, in the table's column order (game, player, seats, placement, tied, won, shared). */
type Kind = [string, string, number, number, number, number, number]

interface Pending {
  kind: Kind
  day: string
  n: number
}

export class LeagueTotals {
  private readonly add: Statement
  private readonly later: Statement
  private readonly dropEmpty: Statement
  private readonly addKind: Statement
  private readonly dropEmptyKind: Statement
  private pending = new Map<string, Pending>()

  constructor(db: Database) {
    const kind = 'game_id = ? AND player_id = ? AND seats = ? AND placement = ? AND tied = ? AND won = ? AND shared = ?'
    // A new row starts from the running count of the day before it (0 without one).
    this.add = db.prepare(
      `INSERT INTO stat_league_day (game_id, player_id, seats, placement, tied, won, shared, day, matches, running)
       VALUES (@g, @p, @n, @pl, @t, @w, @s, @day, @d, @d + coalesce((SELECT running FROM stat_league_day
         WHERE game_id = @g AND player_id = @p AND seats = @n AND placement = @pl AND tied = @t AND won = @w AND shared = @s
           AND day < @day ORDER BY day DESC LIMIT 1), 0))
       ON CONFLICT DO UPDATE SET matches = matches + excluded.matches, running = running + excluded.matches`,
    )
    this.later = db.prepare(`UPDATE stat_league_day SET running = running + ? WHERE ${kind} AND day > ?`)
    this.dropEmpty = db.prepare(`DELETE FROM stat_league_day WHERE ${kind} AND day = ? AND matches = 0`)
    this.addKind = db.prepare(
      `INSERT INTO stat_league_kind (game_id, player_id, seats, placement, tied, won, shared, matches)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET matches = matches + excluded.matches`,
    )
    this.dropEmptyKind = db.prepare(`DELETE FROM stat_league_kind WHERE ${kind} AND matches = 0`)
  }

  /** One match's results (all its seats) going in (+1) or out (-1), started on local date `day`. */
  count(rows: readonly LeagueResult[], day: string, sign: 1 | -1): void {
    const first = rows[0]
    if (!first) return
    const n = rows.length
    const put = (kind: Kind): void => {
      const key = `${kind.join('\u0000')}\u0000${day}`
      const p = this.pending.get(key)
      if (p) p.n += sign
      else this.pending.set(key, { kind, day, n: sign })
    }
    put([first.game_id, '*', 0, 0, 0, 0, 0])
    for (const r of rows) {
      const tied = rows.filter((x) => x.placement === r.placement).length
      put([r.game_id, r.player_id, n, r.placement, tied, r.won, r.won && r.shared ? 1 : 0])
    }
  }

  /**
   * Writes the counts gathered since the last flush, oldest day first (a rebuild then only ever
   * appends: no later row of the kind is there yet to move).
   */
  flush(): void {
    const pending = [...this.pending.values()].filter((p) => p.n !== 0).sort((a, b) => (a.day < b.day ? -1 : 1))
    this.pending = new Map()
    for (const { kind, day, n } of pending) {
      const [g, p, seats, pl, t, w, sh] = kind
      this.add.run({ g, p, n: seats, pl, t, w, s: sh, day, d: n })
      this.later.run(n, ...kind, day)
      this.addKind.run(...kind, n)
      if (n < 0) {
        this.dropEmpty.run(...kind, day)
        this.dropEmptyKind.run(...kind)
      }
    }
  }

  discard(): void {
    this.pending = new Map()
  }
}

/**
 * The results a season counts, per player and kind of seat, between two local dates (both
 * included) of the given games (null: all), and how many matches: from the running counts.
 */
export function seasonKinds(
  db: Database,
  fromDate: string,
  toDate: string,
  games: readonly GameId[] | null,
): { kinds: SeatKind[]; matches: number } {
  const wanted = games ? JSON.stringify(games) : null
  const kinds = db
    .prepare(
      `SELECT game_id, player_id, seats, placement, tied, won, shared FROM stat_league_kind
       ${wanted ? 'WHERE game_id IN (SELECT value FROM json_each(?))' : ''}`,
    )
    .raw()
    .all(...(wanted ? [wanted] : [])) as Kind[]
  // The running count at the season's end and the one before its start, in one statement per kind.
  const kind =
    'game_id = @g AND player_id = @p AND seats = @n AND placement = @pl AND tied = @t AND won = @w AND shared = @s'
  const span = db
    .prepare(
      `SELECT coalesce((SELECT running FROM stat_league_day WHERE ${kind} AND day <= @to ORDER BY day DESC LIMIT 1), 0)
            - coalesce((SELECT running FROM stat_league_day WHERE ${kind} AND day < @from ORDER BY day DESC LIMIT 1), 0)`,
    )
    .pluck()
  const out: SeatKind[] = []
  let matches = 0
  for (const k of kinds) {
    const [g, p, n, pl, t, w, sh] = k
    const count = span.get({ g, p, n, pl, t, w, s: sh, from: fromDate, to: toDate }) as number
    if (count === 0) continue
    if (k[1] === '*') matches += count
    else
      out.push({ playerId: k[1], seats: k[2], placement: k[3], tied: k[4], won: k[5] === 1, shared: k[6] === 1, count })
  }
  return { kinds: out, matches }
}
