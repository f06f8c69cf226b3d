/** Ennea public API (RULES-API.md): the pure resolution functions, the live-tracking engine and their types. */
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
export { checkEnneaGrid, enneaExpectedGrid, enneaRemainingCards, enneaRevealedCounts } from './deck'
export {
  DEFAULT_COLOURS,
  DEFAULT_HOUSE_RULES,
  enneaCallers,
  enneaEngine,
  enneaExpectedRemaining,
  enneaUndealt,
} from './engine'
export { cellName, parseCellName } from './format'
export { decodeEnneaBoard, encodeEnneaBoard, type EnneaBoardDraft } from './board-code'
export { enneaLineValues, enneaOpenLines, type EnneaLineAnswer, type EnneaOpenLine } from './questions'
