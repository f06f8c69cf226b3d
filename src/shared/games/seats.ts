/** Seat helpers every engine shares (kept apart from `engine.ts`, which lists the games through the registry). */

/** Ranks seats by score; `higherIsBetter` for Ennea cubes and SEN wins. Ties share a rank (1, 1, 3). */
export function rankSeats(scores: readonly number[], higherIsBetter: boolean): number[] {
  return scores.map((s) => 1 + scores.filter((o) => (higherIsBetter ? o > s : o < s)).length)
}

/** Default seat names when the config gives none: P1, P2, ... */
export function seatName(names: readonly string[] | undefined, seat: number): string {
  const n = names?.[seat]
  return typeof n === 'string' && n.trim() !== '' ? n : `P${seat + 1}`
}
