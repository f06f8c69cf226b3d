/** Wild Nine's facts: what the app knows of it without its engine (see `../game-facts.ts`). */
import type { GameFacts } from '../game-facts'

export const wildNineFacts = {
  id: 'wild-nine',
  name: 'Wild Nine',
} as const satisfies GameFacts<'wild-nine'>
