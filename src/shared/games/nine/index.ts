/** Nine: the public rules API (RULES-API.md) and the live-tracking engine. */
export * from './types'
export {
  applyNineRound,
  applyNineRoundExplained,
  checkDeckLimits,
  checkHand,
  checkHandTotal,
  classifyNineDiscard,
  NINE_MESSAGES,
  nineOverMessage,
  nineWinnersMessage,
  overNineMessage,
  scoreNineRound,
  scoreNineRoundExplained,
  scoreNineTotals,
  type NineDiscardGroup,
} from './scoring'
export { nineEngine, readNineHouseRules } from './engine'
