/**
 * Every game's engine by id, for code that handles any match generically (services replaying a
 * stored log, the Matches list). Game-specific screens import their own engine directly.
 */
import type { GameEngine, GameId } from './engine'
import { enneaEngine } from './ennea/index'
import { nineEngine } from './nine/index'
import { senEngine } from './seven-eight-nine/index'
import { wildNineEngine } from './wild-nine/index'

// Engines are stored with their own types; generic callers see config, state and action as unknown
// and rely on the engine to validate them (it never throws on bad input).
export type AnyEngine = GameEngine<unknown, unknown, unknown, unknown>

export const ENGINES: Record<GameId, AnyEngine> = {
  ennea: enneaEngine as unknown as AnyEngine,
  'wild-nine': wildNineEngine as unknown as AnyEngine,
  nine: nineEngine as unknown as AnyEngine,
  'seven-eight-nine': senEngine as unknown as AnyEngine,
}

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
