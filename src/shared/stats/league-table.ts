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

const ordinal = (n: number): string =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`

/**
 * What the season's rules did to each row, in words (empty: nothing), in the order of the rows: the
 * final's place, qualification ("not qualified yet (n of m)"), the results best N dropped, and the
 * points turning up earned (docs/ARCHITECTURE.md § Season rules).
 */
export function leagueRowNotes(s: SeasonStandings): string[] {
  const min = s.season.minMatches ?? null
  return s.rows.map((r) => {
    const notes: string[] = []
    if (r.final) notes.push(r.final.place === 1 ? 'won the final' : `${ordinal(r.final.place)} in the final`)
    if (r.qualified === false && min !== null) notes.push(`not qualified yet (${r.matches} of ${min})`)
    if (r.dropped?.length)
      notes.push(
        `${r.dropped.length} result${r.dropped.length === 1 ? '' : 's'} dropped (${r.dropped.map((d) => pointsText(d.points)).join(', ')})`,
      )
    if (r.attendance) {
      const nights = r.nights ?? 0
      notes.push(`${pointsText(r.attendance)} for turning up (${nights} night${nights === 1 ? '' : 's'})`)
    }
    return notes.join('; ')
  })
}

/** The lines under a league table: the rules in force and what the final decided (empty: no rules). */
export const leagueRuleLines = (s: Pick<SeasonStandings, 'rulesText' | 'finalNote'>): string[] => [
  ...(s.rulesText ?? []),
  ...(s.finalNote ? [s.finalNote] : []),
]
