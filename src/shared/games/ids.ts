/**
 * The games, listed once: each game's facts (`<game>/facts.ts`) under its id. The game ids, their
 * names and every other per-game fact are read from here. It imports no engine, so the registry
 * (`registry.ts`, which lists the modules), the engine contract (`engine.ts`) and the renderer all
 * import it without a cycle and without loading the rules.
 */
import { enneaFacts } from './ennea/facts'
import type { GameFacts } from './game-facts'
import { nineFacts } from './nine/facts'
import { senFacts } from './seven-eight-nine/facts'
import { wildNineFacts } from './wild-nine/facts'

export type { GameFacts } from './game-facts'

/** Checks, at compile time, that each entry is a game's facts filed under its own id. */
function listFacts<F extends { readonly [G in keyof F]: GameFacts<G & string> }>(facts: F): F {
  return facts
}

/** Every game's facts, under its id, in the order the app lists the games. */
export const GAME_FACTS = listFacts({
  ennea: enneaFacts,
  'wild-nine': wildNineFacts,
  nine: nineFacts,
  'seven-eight-nine': senFacts,
})

export type GameId = keyof typeof GAME_FACTS

export function isGameId(x: unknown): x is GameId {
  return typeof x === 'string' && Object.hasOwn(GAME_FACTS, x)
}

/** Every game id, in the list's order. */
export const GAME_IDS: readonly GameId[] = Object.keys(GAME_FACTS).filter(isGameId)

/** Maps each game id to what `fn` says of its facts. */
export function mapFacts<T>(fn: (f: GameFacts) => T): Record<GameId, T> {
  const out: Partial<Record<GameId, T>> = {}
  for (const id of GAME_IDS) out[id] = fn(GAME_FACTS[id])
  if (!everyGame(out)) throw new Error('The game list lost a game.')
  return out
}

/** True when `partial` holds an entry for every game (it is filled from GAME_IDS, so always; checked, not assumed). */
export function everyGame<T>(partial: Partial<Record<GameId, T>>): partial is Record<GameId, T> {
  return GAME_IDS.every((id) => partial[id] !== undefined)
}

export const GAME_NAMES: Record<GameId, string> = mapFacts((f) => f.name)
