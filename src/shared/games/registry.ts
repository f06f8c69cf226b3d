/**
 * The games, listed once. Each entry is the game's own module (`<game>/module.ts`, a `GameModule`
 * with its own config, state, action and legal-action types); every other list of games in the app
 * (ids, names, seat limits, house rules, engines and their versions, round rows, stat events) is
 * derived from here and from the facts list (`ids.ts`, which names the games without loading their
 * engines). Adding a game is one line there, one here, plus its folder and its views
 * (docs/ARCHITECTURE.md, "Adding a game").
 */
import { enneaModule } from './ennea/module'
import type { GameEngine } from './engine'
import { everyGame, GAME_IDS, isGameId, type GameId } from './ids'
import type { GameModule, HouseRule } from './module'
import { nineModule } from './nine/module'
import { senModule } from './seven-eight-nine/module'
import { wildNineModule } from './wild-nine/module'

/**
 * A module seen by generic code. Its methods are bivariant in their parameters, so a game's own
 * module is one without a cast; every engine parses its config and actions with its schema (never
 * trusting their static type), so handing it unknown data is what it is built for.
 */
export type AnyGameModule = GameModule<string, unknown, unknown, unknown, unknown>

/**
 * Checks, at compile time, that each entry is a module filed under its own id, and that every game of
 * the facts list (`ids.ts`) has one and no other game does.
 */
function listModules<
  M extends { readonly [G in keyof M]: G extends GameId ? AnyGameModule & { readonly id: G } : never } & {
    readonly [G in GameId]: AnyGameModule
  },
>(modules: M): M {
  return modules
}

/** Every game's module, under its id, in the order the app lists the games. */
export const GAME_MODULES = listModules({
  ennea: enneaModule,
  'wild-nine': wildNineModule,
  nine: nineModule,
  'seven-eight-nine': senModule,
})

export type GameModules = typeof GAME_MODULES
// The ids, names and the id check come from the facts list; these names stay importable from here.
export { GAME_IDS, GAME_NAMES, isGameId, type GameId } from './ids'

/** The module of one game with its own types. */
export type ModuleOf<G extends GameId> = GameModules[G]
type Parts<G extends GameId> =
  ModuleOf<G> extends GameModule<G, infer C, infer S, infer A, infer L>
    ? { config: C; state: S; action: A; legal: L }
    : never
export type ConfigOf<G extends GameId> = Parts<G>['config']
export type StateOf<G extends GameId> = Parts<G>['state']
export type ActionOf<G extends GameId> = Parts<G>['action']
export type LegalOf<G extends GameId> = Parts<G>['legal']

/** Maps each game id to what `fn` says of its module. */
export function mapGames<T>(fn: (m: AnyGameModule) => T): Record<GameId, T> {
  const out: Partial<Record<GameId, T>> = {}
  for (const id of GAME_IDS) out[id] = fn(GAME_MODULES[id])
  if (!everyGame(out)) throw new Error('The game registry lost a game.')
  return out
}

/** The module of a game id read from outside (a stored row, an import), or null for an unknown id. */
export function moduleOf(gameId: string): AnyGameModule | null {
  return isGameId(gameId) ? GAME_MODULES[gameId] : null
}

export type EngineOf<G extends GameId> = ModuleOf<G>['engine']

/** True when every game's entry is that game's own engine, so the map has each engine's own types. */
function ownEngines(e: Partial<Record<GameId, AnyEngine>>): e is { readonly [G in GameId]: EngineOf<G> } {
  return GAME_IDS.every((id) => e[id] === GAME_MODULES[id].engine)
}

function listEngines(): { readonly [G in GameId]: EngineOf<G> } {
  const engines: Partial<Record<GameId, AnyEngine>> = {}
  for (const id of GAME_IDS) engines[id] = GAME_MODULES[id].engine
  if (!ownEngines(engines)) throw new Error('The game registry lost an engine.')
  return engines
}

/** Each game's engine with its own config, state, action and legal-action types. */
export const GAME_ENGINES = listEngines()

/** An engine seen by generic code: config, action and state are unknown (see AnyGameModule). */
export type AnyEngine = GameEngine<unknown, unknown, unknown, unknown, string>

export const ENGINES: Record<GameId, AnyEngine> = mapGames((m) => m.engine)

/** Each engine's version, stored with every match it starts (see GameModule.engineVersion). */
export const ENGINE_VERSIONS: Record<GameId, number> = mapGames((m) => m.engineVersion)

/** Seat counts each game allows (docs/rules/README.md § House rules). */
export const SEAT_LIMITS: Record<GameId, { min: number; max: number }> = mapGames((m) => ({ ...m.seats }))

/** Each game's house rules with their explanations and defaults. */
export const GAME_HOUSE_RULES: Record<GameId, readonly HouseRule[]> = mapGames((m) => m.houseRules)
