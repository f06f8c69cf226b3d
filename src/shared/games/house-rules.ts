/**
 * The house rules (docs/rules/README.md § House rules), for the New match screen: each with its explanation, its
 * default and its choices. Each game's list lives in its module (`<game>/module.ts`); this is the
 * registry's view of them. The keys are those the engines take in `config.houseRules`; a unit test
 * checks every default here against the engine's own.
 */
import { err, ok, type Result } from '../result'
import { GAME_FACTS } from './ids'
import { GAME_HOUSE_RULES, type GameId } from './registry'
import type { HouseRule } from './module'

export type { ChoiceRule, HouseRule, NumberRule } from './module'

export const HOUSE_RULES: Record<GameId, readonly HouseRule[]> = GAME_HOUSE_RULES

export function defaultHouseRules(gameId: GameId): Record<string, string | number | boolean> {
  return Object.fromEntries(HOUSE_RULES[gameId].map((r) => [r.key, r.default]))
}

/**
 * The house rules as the engines take them: a key may be written as the rules pages write it, with the game's
 * prefix (`ennea.failedLineRemoval`, `sen.declareGap`), or without it (`failedLineRemoval`); it is kept without.
 * A rule given in both spellings is refused, so nothing is silently dropped.
 */
export function engineHouseRules<V>(gameId: GameId, rules: Readonly<Record<string, V>>): Result<Record<string, V>> {
  const prefix = `${GAME_FACTS[gameId].rules.houseRules}.`
  const out: Record<string, V> = {}
  for (const [key, value] of Object.entries(rules)) {
    const bare = key.startsWith(prefix) ? key.slice(prefix.length) : key
    if (Object.hasOwn(out, bare))
      return err(
        'invalid-house-rule',
        `“${prefix}${bare}” and “${bare}” are the same house rule: give it once.`,
        'houseRules',
      )
    out[bare] = value
  }
  return ok(out)
}
