/**
 * Every game's engine by id, for code that handles any match generically (services replaying a
 * stored log, the Matches list). Game-specific screens import their own engine directly.
 */
import type { GameEngine, GameId } from './engine'
import { enneaEngine } from './ennea/index'
import { nineEngine } from './nine/index'
import { senEngine } from './seven-eight-nine/index'
import { wildNineEngine } from './wild-nine/index'

/** Each game's engine with its own config, state, action and legal-action types. */
export const GAME_ENGINES = {
  ennea: enneaEngine,
  'wild-nine': wildNineEngine,
  nine: nineEngine,
  'seven-eight-nine': senEngine,
} as const satisfies Record<GameId, AnyEngine>

export type EngineOf<G extends GameId> = (typeof GAME_ENGINES)[G]

/**
 * An engine seen by generic code: config, action and state are unknown. Every engine parses its config
 * and actions with its schema (never trusting their static type), so handing it unknown data is what it
 * is built for; the assignment below needs no cast.
 */
export type AnyEngine = GameEngine<unknown, unknown, unknown, unknown>

export const ENGINES: Record<GameId, AnyEngine> = GAME_ENGINES

/**
 * Each engine's version, stored with every match it starts. Raise it when a change could make an
 * old log replay differently; the Matches screen then shows any old match that no longer replays.
 */
export const ENGINE_VERSIONS: Record<GameId, number> = {
  ennea: 1,
  'wild-nine': 1,
  nine: 1,
  'seven-eight-nine': 1,
}

/** Seat counts each game allows (SPEC section 5). */
export const SEAT_LIMITS: Record<GameId, { min: number; max: number }> = {
  ennea: { min: 2, max: 4 },
  'wild-nine': { min: 2, max: 6 },
  nine: { min: 2, max: 8 },
  'seven-eight-nine': { min: 2, max: 2 },
}
