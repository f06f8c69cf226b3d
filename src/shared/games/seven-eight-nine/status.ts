/**
 * Seven Eight Nine: where a match stands, as data (SenStatus) and as the one sentence the table reads
 * (senStatusText). The screen lays out the data; the engine's GameStatus carries the sentence.
 */
import { other, senReactCheck } from './game'
import { rankName } from './rules'
import type { Seat, SenGameRecord, SenState, SenStatusPhase } from './types'

/**
 * Why the game waits where it does:
 * - 'flip': the turn player flips next; 'flipped': a flipped card waits for discard, swap or declare;
 * - 'declared': the other player answers a Declare (Block or no Block);
 * - 'draw-empty': the draw pile is empty and the reshuffle is still there;
 * - 'reshuffle-used' / 'blocked': the draw pile is empty and no reshuffle is left (used, or ruled out by a Block),
 *   so the hands go to the tiebreaker;
 * - 'game-decided': this game has its result, the next one may start; 'match-won': a seat reached the target.
 */
export type SenStatusReason =
  'flip' | 'flipped' | 'declared' | 'draw-empty' | 'reshuffle-used' | 'blocked' | 'game-decided' | 'match-won'

export interface SenStatus {
  phase: SenStatusPhase
  reason: SenStatusReason
  /** 1-based number of the current (or last) game. */
  game: number
  /** The seat expected to act, or null (tiebreaker, a decided game). */
  toAct: Seat | null
  /** The card flipped and not yet resolved, else null. */
  flipped: number | null
  /** The seat whose Declare waits for an answer, else null. */
  declarer: Seat | null
  drawCount: number
  /** A React the table may make before the next flip (the known hand allows it), else null. */
  react: { seat: Seat; top: number } | null
  /** The decided game's record ('game-decided' and 'match-won'), else null. */
  result: SenGameRecord | null
  wins: [number, number]
  /** The seat that won the match ('match-won'), else null. */
  matchWinner: Seat | null
}

export function senStatus(state: SenState): SenStatus {
  const game = state.game
  const reactCheck = game.reactor !== null && game.discard.length > 0 ? senReactCheck(state) : null
  const react = reactCheck?.ok ? { seat: reactCheck.value.seat, top: reactCheck.value.top } : null
  const base = {
    game: game.number,
    flipped: game.flipped,
    declarer: game.declare?.seat ?? null,
    drawCount: game.drawCount,
    result: game.result,
    wins: [state.wins[0], state.wins[1]] as [number, number],
    matchWinner: null,
    react: null,
  }
  if (state.over) {
    const winner: Seat | null =
      state.target === null ? null : state.wins[0] >= state.target ? 0 : state.wins[1] >= state.target ? 1 : null
    return { ...base, phase: 'match-over', reason: 'match-won', toAct: null, matchWinner: winner }
  }
  switch (game.phase) {
    case 'over':
      return { ...base, phase: 'game-over', reason: 'game-decided', toAct: null }
    case 'flip':
      return { ...base, phase: 'flip', reason: 'flip', toAct: game.turn, react }
    case 'action':
      return { ...base, phase: 'action', reason: 'flipped', toAct: game.turn }
    case 'block':
      return {
        ...base,
        phase: 'block',
        reason: 'declared',
        toAct: other(game.declare?.seat ?? game.turn),
        declarer: game.declare?.seat ?? game.turn,
      }
    case 'reshuffle':
      return { ...base, phase: 'reshuffle', reason: 'draw-empty', toAct: game.turn, react }
    case 'tiebreak':
      return { ...base, phase: 'tiebreak', reason: game.blocked ? 'blocked' : 'reshuffle-used', toAct: null, react }
  }
}

/** 'a 9', 'an 8', 'an A'. */
function withA(rank: number): string {
  return rank === 8 || rank === 1 ? `an ${rankName(rank)}` : `a ${rankName(rank)}`
}

/** The status as one sentence, e.g. "Game 2: Ann to flip (draw pile 40). Bo may first React to the 7." */
export function senStatusText(status: SenStatus, names: readonly [string, string]): string {
  const prefix = `Game ${status.game}: `
  const reactNote = status.react
    ? ` ${names[status.react.seat]} may first React to the ${rankName(status.react.top)}.`
    : ''
  const turn = names[status.toAct ?? 0]
  switch (status.reason) {
    case 'match-won': {
      const w = status.matchWinner ?? 0
      return `${names[w]} wins the match ${status.wins[w]}–${status.wins[w === 0 ? 1 : 0]}.`
    }
    case 'game-decided':
      return `${prefix}${status.result?.explanation ?? 'over.'} Next game?`
    case 'flip':
      return `${prefix}${turn} to flip (draw pile ${status.drawCount}).${reactNote}`
    case 'flipped':
      return `${prefix}${turn} flipped ${withA(status.flipped as number)}: discard, swap or declare.`
    case 'declared':
      return `${prefix}${names[status.declarer ?? 0]} declares. ${turn}: Block if you hold two of 7, 8, 9.`
    case 'draw-empty':
      return `${prefix}the draw pile is empty: ${turn} shuffles the discard pile into a new draw pile.${reactNote}`
    case 'reshuffle-used':
    case 'blocked':
      return `${prefix}the draw pile is empty and no reshuffle is left: both players reveal their hands for the tiebreaker.${reactNote}`
  }
}
