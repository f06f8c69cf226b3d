/**
 * The six rule-event counters of a round row, per game (the columns e1..e6 of round_results and of
 * the summary tables). Each game names and counts its own in its module (`statEvents`, in column
 * order); this is the registry's view of them.
 *
 * Pure: the projector computes them once when it writes a round row, so the summaries add numbers
 * instead of reading JSON. Schema step 7 filled the columns of older rows with the same rules in
 * SQL; a test checks both agree on every detail the games write.
 */
import type { RoundCounters, StatEvent } from '../games/module'
import { mapGames, type GameId } from '../games/registry'

export type { RoundCounters } from '../games/module'

/** The counter columns, in order. */
export const STAT_EVENT_COLUMNS = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'] as const

type StatEventNames = readonly [string, string, string, string, string, string]

/** Each game's rule events by name, in column order e1..e6 ('' = unused), from its module. */
export const STAT_EVENT_NAMES: Record<GameId, StatEventNames> = mapGames(({ statEvents }) => {
  const name = (i: number): string => statEvents[i]?.name ?? ''
  return [name(0), name(1), name(2), name(3), name(4), name(5)]
})

type Counter = (details: Readonly<Record<string, unknown>>) => number
type Counters = (details: Readonly<Record<string, unknown>>) => RoundCounters

const none: Counter = () => 0

/** One function per game, made once: the projector calls it for every round row it writes. */
function countersOf(events: readonly StatEvent[]): Counters {
  const at = (i: number): Counter => {
    const event = events[i]
    return event ? (d) => event.count(d) : none
  }
  const [e1, e2, e3, e4, e5, e6] = [at(0), at(1), at(2), at(3), at(4), at(5)]
  return (d) => [e1(d), e2(d), e3(d), e4(d), e5(d), e6(d)]
}

const COUNTERS = new Map<string, Counters>(Object.entries(mapGames((m) => countersOf(m.statEvents))))
const NONE: RoundCounters = [0, 0, 0, 0, 0, 0]

/** The counters of one round row from its details (as written to round_results.details_json); all 0 for an unknown game. */
export function roundCounters(gameId: string, d: Readonly<Record<string, unknown>>): RoundCounters {
  const counters = COUNTERS.get(gameId)
  return counters ? counters(d) : [...NONE]
}
