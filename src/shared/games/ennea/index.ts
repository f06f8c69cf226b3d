/** Ennea public API (the rules: docs/rules/ennea.md): the pure resolution functions, the live-tracking engine and their types. */
export type {
  EnneaAction,
  EnneaBoard,
  EnneaConfig,
  EnneaHouseRules,
  EnneaLegal,
  EnneaLine,
  EnneaPeek,
  EnneaPhase,
  EnneaRemovalRule,
  EnneaRoundRecord,
  EnneaSeatResolution,
  EnneaState,
} from './types'
export { enneaWinners, explainWinners, REMOVAL_RULES, resolveEnneaBoard } from './resolve'
export {
  checkEnneaGrid,
  checkEnneaRevealGrid,
  enneaExpectedGrid,
  enneaRemainingCards,
  enneaRevealedCounts,
  enneaUnknownCount,
} from './deck'
export {
  DEFAULT_COLOURS,
  DEFAULT_HOUSE_RULES,
  enneaCallers,
  enneaEngine,
  enneaExpectedRemaining,
  enneaUndealt,
} from './engine'
export { cellName, parseCellName } from './format'
export {
  decodeEnneaBoard,
  encodeEnneaBoard,
  enneaBoardCode,
  readEnneaBoardCode,
  type EnneaBoardCodeReading,
  type EnneaBoardDraft,
} from './board-code'
export {
  enneaCellValues,
  enneaLineValues,
  enneaOpenLines,
  type EnneaCellAnswer,
  type EnneaLineAnswer,
  type EnneaOpenLine,
} from './questions'
