/** Win streaks over results in finish order (pure, shared by the projector and the filtered stats). */
export function streaks(wins: readonly boolean[]): { current: number; longest: number } {
  let current = 0
  let longest = 0
  for (const w of wins) {
    current = w ? current + 1 : 0
    if (current > longest) longest = current
  }
  return { current, longest }
}

/** A conservative skill estimate (mu - 3 sigma), the number leaderboards sort by. */
export function ordinalOf(mu: number, sigma: number): number {
  return mu - 3 * sigma
}
