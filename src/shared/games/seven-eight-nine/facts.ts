/** Seven Eight Nine's facts: what the app knows of it without its engine (see `../game-facts.ts`). */
import type { GameFacts } from '../game-facts'

export const senFacts = {
  id: 'seven-eight-nine',
  name: 'Seven Eight Nine',
  blurb: 'Two players race to hold 7-8-9: Declare, Block, one reshuffle.',
  firstSeat: 'starter',
  rules: { prefix: 'SE', houseRules: 'sen', page: 'seven-eight-nine.md' },
  lowerScoreWins: false,
  roundWord: 'Game',
  roundEntry: null,
} as const satisfies GameFacts<'seven-eight-nine'>
