/** Nine's facts: what the app knows of it without its engine (see `../game-facts.ts`). */
import type { GameFacts } from '../game-facts'

export const nineFacts = {
  id: 'nine',
  name: 'Nine',
  blurb: 'Hand totals and NINE declarations; 99 loses, exactly 90 goes back to 45.',
  firstSeat: 'firstDealer',
  rules: { prefix: 'NI', houseRules: 'nine', page: 'nine.md' },
  lowerScoreWins: true,
  roundWord: 'Deal',
  roundEntry: 'round',
} as const satisfies GameFacts<'nine'>
