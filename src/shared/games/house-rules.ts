/**
 * The house rules of SPEC section 5, for the New match screen: each with its explanation, its
 * default and its choices. Each game's list lives in its module (`<game>/module.ts`); this is the
 * registry's view of them. The keys are those the engines take in `config.houseRules`; a unit test
 * checks every default here against the engine's own.
 */
import { GAME_HOUSE_RULES, type GameId } from './registry'
import type { HouseRule } from './module'

export type { ChoiceRule, HouseRule, NumberRule } from './module'

export const HOUSE_RULES: Record<GameId, readonly HouseRule[]> = GAME_HOUSE_RULES

export function defaultHouseRules(gameId: GameId): Record<string, string | number | boolean> {
  return Object.fromEntries(HOUSE_RULES[gameId].map((r) => [r.key, r.default]))
}
