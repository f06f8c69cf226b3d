/**
 * Elo ratings for tables of 2 to 8 (docs/ARCHITECTURE.md, "Club data: ratings").
 *
 * No maintained npm library rates more than two players at once (elo-rank, elo-rating and
 * @echecs/elo are two-player formulas, none is a dependency here), so this is the classic formula,
 * extended the usual way to multi-player tables: every seat plays every other seat once.
 *   expected score of A against B: E = 1 / (1 + 10^((R_B − R_A) / 400))
 *   actual score: 1 if A placed better, ½ if equal, 0 if worse
 *   new R_A = R_A + K / (n − 1) × Σ_B (S_AB − E_AB)
 * Dividing by n − 1 keeps one match worth at most K points whatever the table size. Ratings start
 * at 1500, K = 32, and a match's seats are all rated from the ratings before it.
 */
export const ELO_START = 1500
export const ELO_K = 32

export function expectedScore(ra: number, rb: number): number {
  return 1 / (1 + 10 ** ((rb - ra) / 400))
}

/** The new ratings of one table. `placements`: 1 = best, ties share a rank. */
export function rateTable(ratings: readonly number[], placements: readonly number[], k = ELO_K): number[] {
  const n = ratings.length
  if (n < 2) return [...ratings]
  return ratings.map((ra, i) => {
    let sum = 0
    for (let j = 0; j < n; j++) {
      if (j === i) continue
      const pi = placements[i] as number
      const pj = placements[j] as number
      const s = pi < pj ? 1 : pi === pj ? 0.5 : 0
      sum += s - expectedScore(ra, ratings[j] as number)
    }
    return ra + (k / (n - 1)) * sum
  })
}

export interface EloEntry {
  rating: number
  matches: number
}

/**
 * Replays matches (already in match order) and returns each player's rating. Each match lists its
 * seats' players and placements.
 */
export function replayElo(
  matches: Iterable<{ players: readonly string[]; placements: readonly number[] }>,
  k = ELO_K,
): Map<string, EloEntry> {
  const out = new Map<string, EloEntry>()
  for (const m of matches) {
    const before = m.players.map((p) => out.get(p)?.rating ?? ELO_START)
    const after = rateTable(before, m.placements, k)
    m.players.forEach((p, i) => out.set(p, { rating: after[i] as number, matches: (out.get(p)?.matches ?? 0) + 1 }))
  }
  return out
}
