/** Wild Nine's facts: what the app knows of it without its engine (see `../game-facts.ts`). */
import type { GameFacts } from '../game-facts'

export const wildNineFacts = {
  id: 'wild-nine',
  name: 'Wild Nine',
  blurb: 'Crazy-eights with wild 9s. Penalty points per round; the match ends at the cutoff.',
  firstSeat: 'firstDealer',
  rules: { prefix: 'WN', houseRules: 'wildNine', page: 'wild-nine.md' },
  lowerScoreWins: true,
  roundWord: 'Round',
  roundEntry: 'round',
} as const satisfies GameFacts<'wild-nine'>
