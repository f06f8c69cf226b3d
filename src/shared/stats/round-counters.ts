/**
 * The six rule-event counters of a round row, per game (the columns e1..e6 of round_results and of
 * the summary tables). What each one counts, in the rules' words:
 *   wild-nine: 9s left in hand, rounds won by going out, deadlocked rounds
 *   nine: NINE declarations won, declarations failed, 90 -> 45 resets, games lost at 99
 *   ennea: 9-lines made, ENNEA calls, calls that made a line, calls that lost cubes
 *   seven-eight-nine: wins by Declare, by React, by tiebreaker, draws, wins by swap, dealt wins
 *     (SE-R14 names each way of winning; a Block never wins a game, SE-R10)
 *
 * Pure: the projector computes them once when it writes a round row, so the summaries add numbers
 * instead of reading JSON. Schema step 7 filled the columns of older rows with the same rules in
 * SQL; a test checks both agree on every detail the games write.
 */

export type RoundCounters = [number, number, number, number, number, number]

/** A detail as a count: numbers as they are, true as 1, anything else (false, missing) as 0. */
function count(v: unknown): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  return v === true ? 1 : 0
}

/** The counters of one round row from its details (as written to round_results.details_json). */
export function roundCounters(gameId: string, d: Readonly<Record<string, unknown>>): RoundCounters {
  switch (gameId) {
    case 'wild-nine':
      return [count(d.ninesLeft), count(d.wentOut), count(d.deadlock), 0, 0, 0]
    case 'nine':
      return [count(d.declaredWon), count(d.declaredFailed), count(d.reset90), count(d.lost99), 0, 0]
    case 'ennea': {
      const called = count(d.calledEnnea) !== 0
      return [count(d.linesMade), count(d.calledEnnea), called && count(d.linesMade) > 0 ? 1 : 0, called && count(d.loss) > 0 ? 1 : 0, 0, 0]
    }
    case 'seven-eight-nine': {
      const win = (ending: string): number => (d.result === 'win' && d.ending === ending ? 1 : 0)
      return [win('declare'), win('react'), win('tiebreaker'), d.result === 'draw' ? 1 : 0, win('swap'), win('dealt-win')]
    }
    default:
      return [0, 0, 0, 0, 0, 0]
  }
}
