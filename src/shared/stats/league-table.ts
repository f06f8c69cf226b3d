/**
 * The league table as text cells, shared by the screen's table, the PNG image and tests: one place
 * says what each column holds and how numbers are written.
 */
import type { SeasonStandings } from '../model/club'

export const LEAGUE_COLUMNS = [
  { key: 'rank', label: '#', width: 44, numeric: true },
  { key: 'name', label: 'Player', width: 200, numeric: false },
  { key: 'points', label: 'Points', width: 80, numeric: true },
  { key: 'matches', label: 'Matches', width: 84, numeric: true },
  { key: 'wins', label: 'Wins', width: 70, numeric: true },
  { key: 'h2h', label: 'H2H', width: 60, numeric: true },
  { key: 'avg', label: 'Avg. place', width: 96, numeric: true },
] as const

/** Points with up to two decimals (placement points are kept in hundredths). */
export const pointsText = (p: number): string => (Number.isInteger(p) ? String(p) : p.toFixed(2).replace(/0$/, ''))

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n))

export function leagueRows(s: SeasonStandings): string[][] {
  return s.rows.map((r, i) => {
    const shared = s.rows[i - 1]?.rank === r.rank || s.rows[i + 1]?.rank === r.rank
    return [
      shared ? `=${r.rank}` : String(r.rank),
      r.name,
      pointsText(r.points),
      String(r.matches),
      r.sharedWins ? `${r.wins} (${r.sharedWins} shared)` : String(r.wins),
      r.headToHead ? signed(r.headToHead) : '–',
      r.averagePlacement === null ? '–' : r.averagePlacement.toFixed(2),
    ]
  })
}
