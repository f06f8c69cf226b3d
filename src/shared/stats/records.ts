/**
 * The club's records (docs/ARCHITECTURE.md § Records), the pure parts: runs of results, winning
 * margins, champions and the badges' thresholds. The records service (src/core/services/records.ts)
 * feeds them rows read from the projection tables.
 */
import type { GameId } from '../games/ids'
import type { GameChampions, RecordPlayer, Streak } from '../model/records'

/** A win rate counts only with at least this many matches in the game. */
export const CHAMPION_MIN_MATCHES = 10

/**
 * The badges and their thresholds, stated beside each. `matches`: finished matches played;
 * `wins`: outright wins in a row; `unbeaten`: matches won (outright or shared) in a row;
 * `everyGame`: a win in each game.
 */
export const BADGES = [
  { id: 'century', name: 'Century', threshold: '100 matches played', matches: 100 },
  { id: 'hat-trick', name: 'Hat-trick', threshold: '3 outright wins in a row', wins: 3 },
  {
    id: 'untouchable',
    name: 'Untouchable',
    threshold: '5 matches in a row unbeaten (won, outright or shared)',
    unbeaten: 5,
  },
  { id: 'all-rounder', name: 'All-rounder', threshold: 'a win in every game', everyGame: true },
] as const

/** The longest run so far (the earliest of equal ones) and the run going on now. */
export class Run {
  private cur = 0
  private curFrom = ''
  private best: Streak | null = null

  /** One more result in finish order: `hit` continues the run, anything else ends it. */
  step(hit: boolean, at: string): void {
    if (!hit) {
      this.cur = 0
      return
    }
    if (this.cur === 0) this.curFrom = at
    this.cur++
    if (!this.best || this.cur > this.best.length) this.best = { length: this.cur, from: this.curFrom, to: at }
  }

  longest(): Streak | null {
    return this.best ? { ...this.best } : null
  }
}

/** A player's runs: outright wins and unbeaten, over whatever results are stepped through it. */
export class Runs {
  readonly wins = new Run()
  readonly unbeaten = new Run()
  step(won: boolean, shared: boolean, at: string): void {
    this.wins.step(won && !shared, at)
    this.unbeaten.step(won, at)
  }
}

/**
 * The margin of an outright win: the winner's score against the best other seat's; in a game where
 * the lower score wins, best other − winner, else winner − best other. Null with no other seat.
 */
export function marginOf(lowerScoreWins: boolean, winnerScore: number, others: readonly number[]): number | null {
  if (others.length === 0) return null
  return lowerScoreWins ? Math.min(...others) - winnerScore : winnerScore - Math.max(...others)
}

export interface PlayerGameTotals extends RecordPlayer {
  gameId: GameId
  matches: number
  wins: number
}

const byName = (a: RecordPlayer, b: RecordPlayer): number =>
  a.name.localeCompare(b.name) || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0)

/** Each game's champions from per player and game totals. */
export function champions(
  games: readonly GameId[],
  totals: readonly PlayerGameTotals[],
  minMatches = CHAMPION_MIN_MATCHES,
): GameChampions[] {
  return games.map((gameId) => {
    const rows = totals.filter((t) => t.gameId === gameId && t.matches > 0)
    const most = rows
      .filter((t) => t.wins > 0)
      .sort((a, b) => b.wins - a.wins || a.matches - b.matches || byName(a, b))[0]
    const rated = rows
      .filter((t) => t.matches >= minMatches)
      .sort((a, b) => b.wins * a.matches - a.wins * b.matches || b.matches - a.matches || byName(a, b))[0]
    const pick = (t: PlayerGameTotals) => ({ playerId: t.playerId, name: t.name, wins: t.wins, matches: t.matches })
    return {
      gameId,
      mostWins: most ? pick(most) : null,
      bestRate: rated ? { ...pick(rated), rate: Math.round((1000 * rated.wins) / rated.matches) / 1000 } : null,
      minMatches,
    }
  })
}

export { byName as byRecordName }
