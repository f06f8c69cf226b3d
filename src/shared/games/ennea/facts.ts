/** Ennea's facts: what the app knows of it without its engine (see `../game-facts.ts`). */
import type { GameFacts } from '../game-facts'

export const enneaFacts = {
  id: 'ennea',
  name: 'Ennea',
} as const satisfies GameFacts<'ennea'>
