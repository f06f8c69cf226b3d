/**
 * What a correction of an earlier entry changes in one later entry, in words, for the preview a referee
 * confirms before the correction is applied (docs/ARCHITECTURE.md § The reducer and the projections). A game
 * with words of its own says what differs in its terms (Ennea: pools, resolutions, winners, EN-A22); any other
 * game lists the scores that differ after the entry.
 */
import type { AnyEngine } from './registry'
import type { GameId } from './engine'
import { enneaEntryChanges, enneaStandsDifferently } from './ennea/correction'
import type { EnneaState } from './ennea/types'

/** `was` and `now`: the states before and after the entry, as the match stands and with the correction. */
export function entryChanges(
  gameId: GameId,
  engine: AnyEngine,
  was: readonly [unknown, unknown],
  now: readonly [unknown, unknown],
  action: unknown,
): string[] {
  if (gameId === 'ennea')
    return enneaEntryChanges(was as readonly [EnneaState, EnneaState], now as readonly [EnneaState, EnneaState], action)
  const before = engine.standings(was[1])
  return engine.standings(now[1]).flatMap((s) => {
    const old = before.find((b) => b.seat === s.seat)
    return old && old.score !== s.score ? [`${s.name}: ${s.score} (was ${old.score}).`] : []
  })
}

/**
 * How the table stands differently at one point of the log, `was` as played and `now` with the correction
 * (to say why a later entry became impossible): Ennea names each seat whose pool or cubes differ; any other
 * game, the scores.
 */
export function standsDifferently(gameId: GameId, engine: AnyEngine, was: unknown, now: unknown): string[] {
  if (gameId === 'ennea') return enneaStandsDifferently(was as EnneaState, now as EnneaState)
  const before = engine.standings(was)
  return engine.standings(now).flatMap((s) => {
    const old = before.find((b) => b.seat === s.seat)
    return old && old.score !== s.score ? [`${s.name}: ${s.score} (was ${old.score}).`] : []
  })
}
