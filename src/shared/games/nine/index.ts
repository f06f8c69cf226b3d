/** Nine: the public rules API and the live-tracking engine (the rules: docs/rules/nine.md). */
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
