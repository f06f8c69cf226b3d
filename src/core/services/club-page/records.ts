/**
 * The club page's overall records, computed from the stats the app already keeps (stats:overview's
 * per-player numbers): most wins, most matches, the best win rate among those with enough matches, and the
 * longest winning streak, over all games. Equal values share a place ("=2"). Each game's records come
 * from the records service (records-page.ts).
 */
import type { PlayerStats } from '../../../shared/model/stats'

/** The fewest finished matches for a win rate to count as a record. */
export const MIN_MATCHES_FOR_RATE = 10

export interface RecordEntry {
  place: string
  playerId: string
  name: string
  /** The record's number, in words ("42 wins", "67% of 12 matches"). */
  value: string
}

export interface RecordList {
  title: string
  /** What counts, or why the list is empty. */
  note: string
  entries: RecordEntry[]
}

interface Line {
  playerId: string
  name: string
  matches: number
  wins: number
  winRate: number | null
  longestStreak: number
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

/** The first `top` lines by `score` (higher first; ties by name), with shared places marked. */
function ranked(
  lines: readonly Line[],
  score: (l: Line) => number,
  value: (l: Line) => string,
  top: number,
): RecordEntry[] {
  const sorted = [...lines].sort(
    (a, b) =>
      score(b) - score(a) ||
      b.matches - a.matches ||
      a.name.localeCompare(b.name, 'en') ||
      (a.playerId < b.playerId ? -1 : 1),
  )
  const shown = sorted.filter((l, i) => i < top || score(l) === score(sorted[top - 1] as Line))
  return shown.map((l) => {
    const first = sorted.findIndex((x) => score(x) === score(l))
    const shared = sorted.filter((x) => score(x) === score(l)).length > 1
    return { place: `${shared ? '=' : ''}${first + 1}`, playerId: l.playerId, name: l.name, value: value(l) }
  })
}

function lists(lines: readonly Line[], minRate: number, top: number): RecordList[] {
  const played = lines.filter((l) => l.matches > 0)
  const winners = played.filter((l) => l.wins > 0)
  const rated = played.filter((l) => l.matches >= minRate && l.winRate !== null)
  const streaks = played.filter((l) => l.longestStreak > 0)
  return [
    {
      title: 'Most wins',
      note: winners.length ? 'A shared win counts as a win.' : 'Nobody has won a match yet.',
      entries: ranked(
        winners,
        (l) => l.wins,
        (l) => count(l.wins, 'win', 'wins'),
        top,
      ),
    },
    {
      title: 'Most matches',
      note: played.length ? 'Finished matches.' : 'No finished match yet.',
      entries: ranked(
        played,
        (l) => l.matches,
        (l) => count(l.matches, 'match', 'matches'),
        top,
      ),
    },
    {
      title: 'Best win rate',
      note: rated.length
        ? `Among players with at least ${minRate} finished matches.`
        : `Nobody has played ${minRate} finished matches yet.`,
      entries: ranked(
        rated,
        (l) => l.winRate ?? 0,
        (l) => `${Math.round((l.winRate ?? 0) * 100)}% of ${count(l.matches, 'match', 'matches')}`,
        top,
      ),
    },
    {
      title: 'Longest winning streak',
      note: streaks.length ? 'Wins in a row.' : 'Nobody has won a match yet.',
      entries: ranked(
        streaks,
        (l) => l.longestStreak,
        (l) => count(l.longestStreak, 'win', 'wins'),
        top,
      ),
    },
  ]
}

/** The overall lists, over all games (top 5 of each; the records service gives each game's). */
export function overallRecords(players: readonly PlayerStats[]): RecordList[] {
  return lists(players, MIN_MATCHES_FOR_RATE, 5)
}
