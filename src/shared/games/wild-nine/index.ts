/** Wild Nine: public rules API and the live-tracking engine (the rules: docs/rules/wild-nine.md). */
export {
  wildNinePenalty,
  scoreWildNineRound,
  wildNineOutcome,
  wildNineDeal,
  wildNineLegalCards,
  parseWildNineCard,
  parseSuit,
  showCard,
  rankPenalty,
  cardPenalty,
  penaltyLine,
  scoreHands,
  scorePoints,
  illegalCardMessage,
  dealMessage,
  DEFAULT_CUTOFF,
  NINE_PENALTY,
  WILD_NINE_DECK_PENALTY,
  PLAYERS_MESSAGE,
} from './scoring'
export type { WildNineCard, ScoredRound } from './scoring'
export { wildNineEngine } from './engine'
export { autoAction } from './autoplay'
export type * from './types'
