/** Seven Eight Nine: public rules API and the live-tracking engine (the rules: docs/rules/seven-eight-nine.md). */
export {
  SEN_DEFAULT_RULES,
  SEN_DECK_SIZE,
  SEN_DRAW_START,
  SEN_HAND_SIZE,
  SEN_TARGETS,
  checkRankCounts,
  formatHand,
  parseHand,
  parseRank,
  rankLabel,
  rankName,
  senCanBlock,
  senCanDeclare,
  senCanReact,
  senCanSwap,
  senCheckBlock,
  senCheckDeclare,
  senCheckWin,
  senIsWin,
  senResolveTiebreak,
  senTiebreak,
  swapCandidates,
} from './rules'
export {
  normalizeSenConfig,
  senEngine,
  senPiles,
  senReactCheck,
  senStatus,
  senStatusText,
  type SenNormalizedConfig,
  type SenStatus,
  type SenStatusReason,
} from './engine'
export { SenActionSchema, SenConfigSchema, parseSenAction, parseSenConfig, type SenParsedAction } from './schema'
export type * from './types'
export { parseCard, parseCards, parseHandText, senReshuffleNote, type SenReshuffleState } from './entry'
