/** Ennea's facts: what the app knows of it without its engine (see `../game-facts.ts`). */
import type { GameFacts } from '../game-facts'

export const enneaFacts = {
  id: 'ennea',
  name: 'Ennea',
  blurb: 'A 3 × 3 grid of face-down cards and coloured cubes, four rounds.',
  firstSeat: 'starter',
  rules: { prefix: 'EN', houseRules: 'ennea', page: 'ennea.md' },
  lowerScoreWins: false,
  roundWord: 'Round',
  roundEntry: null,
} as const satisfies GameFacts<'ennea'>
