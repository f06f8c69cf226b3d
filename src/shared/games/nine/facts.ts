/** Nine's facts: what the app knows of it without its engine (see `../game-facts.ts`). */
import type { GameFacts } from '../game-facts'

export const nineFacts = {
  id: 'nine',
  name: 'Nine',
} as const satisfies GameFacts<'nine'>
