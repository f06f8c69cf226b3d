/**
 * The club history's clock (bench/club-generate.ts): the club meets in Europe/Berlin, so a night's
 * local offset changes twice a year.
 */

export const DAY = 86_400_000
export const MIN = 60_000

/** Minutes east of UTC in Berlin at UTC instant `t`: CEST from the last Sunday of March to the last of October, 01:00 UTC. */
export function berlinOffset(t: number): number {
  const y = new Date(t).getUTCFullYear()
  const lastSunday = (month: number): number => {
    const d = new Date(Date.UTC(y, month + 1, 0, 1))
    return d.getTime() - d.getUTCDay() * DAY
  }
  return t >= lastSunday(2) && t < lastSunday(9) ? 120 : 60
}
