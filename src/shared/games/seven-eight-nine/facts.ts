/** Seven Eight Nine's facts: what the app knows of it without its engine (see `../game-facts.ts`). */
import type { GameFacts } from '../game-facts'

export const senFacts = {
  id: 'seven-eight-nine',
  name: 'Seven Eight Nine',
} as const satisfies GameFacts<'seven-eight-nine'>
