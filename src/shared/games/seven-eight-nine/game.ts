/**
 * Seven Eight Nine: helpers on one game of a match (docs/rules/seven-eight-nine.md), shared by the action functions,
 * the legal-action list and the status. Every function here works on plain JSON data; the ones that
 * change a game take a draft (see `draft`), never a stored state.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { SEN_DRAW_START, checkRankCounts, formatHand, rankName, senIsWin, sortRanks, swapCandidates } from './rules'
import type { Seat, SenEnding, SenGame, SenGameRecord, SenState } from './types'

export const other = (s: Seat): Seat => (s === 0 ? 1 : 0)

/** Game 1 is started by the configured seat; the starter alternates after that. */
export function starterOf(state: Pick<SenState, 'firstStarter'>, gameNumber: number): Seat {
  return gameNumber % 2 === 1 ? state.firstStarter : other(state.firstStarter)
}

export function newGame(number: number, starter: Seat, redeals = 0): SenGame {
  return {
    number,
    starter,
    turn: starter,
    phase: 'flip',
    drawCount: SEN_DRAW_START,
    discard: [],
    drawKnown: null,
    known: [[], []],
    flipped: null,
    flips: 0,
    reshuffled: false,
    blocked: false,
    reactor: null,
    topBy: null,
    declare: null,
    redeals,
    log: [],
    result: null,
  }
}

/** A copy of the game whose arrays may be changed freely (log entries themselves are never changed). */
export function draft(game: SenGame): SenGame {
  return {
    ...game,
    discard: [...game.discard],
    drawKnown: game.drawKnown === null ? null : [...game.drawKnown],
    known: [[...game.known[0]], [...game.known[1]]],
    declare: game.declare === null ? null : { ...game.declare, hand: [...game.declare.hand] },
    log: [...game.log],
  }
}

export function removeOne(list: number[], value: number): boolean {
  const i = list.indexOf(value)
  if (i < 0) return false
  list.splice(i, 1)
  return true
}

/** Is multiset `small` contained in multiset `big`? */
function contains(big: readonly number[], small: readonly number[]): boolean {
  const rest = [...big]
  return small.every((c) => removeOne(rest, c))
}

/** Every card whose rank the table has seen and that is still in play: known hand cards, the discard pile, the draw
 * pile after the reshuffle, and a flipped card waiting on top of the draw pile. */
export function visibleCards(game: SenGame): number[] {
  const cards = [...game.known[0], ...game.known[1], ...game.discard]
  if (game.drawKnown !== null) cards.push(...game.drawKnown)
  else if (game.flipped !== null) cards.push(game.flipped)
  return cards
}

/** Is there a 3-card hand containing the known cards for which `test` holds? (Empty knowledge: always.) */
export function someCompletion(known: readonly number[], test: (hand: number[]) => boolean): boolean {
  if (known.length === 0) return true
  if (known.length === 3) return test([...known])
  const missing = 3 - known.length
  for (let a = 1; a <= 13; a++) {
    if (missing === 1) {
      if (test([...known, a])) return true
      continue
    }
    for (let b = a; b <= 13; b++) if (test([...known, a, b])) return true
  }
  return false
}

/** The phase to wait in when nobody holds a flipped card: flip, or with an empty draw pile the reshuffle (once, never
 * after a Block, and only with cards on the discard pile: SE-A12) and then the tiebreaker. */
export function idlePhase(game: SenGame): 'flip' | 'reshuffle' | 'tiebreak' {
  if (game.drawCount > 0) return 'flip'
  return !game.reshuffled && !game.blocked && game.discard.length > 0 ? 'reshuffle' : 'tiebreak'
}

/** The flipped card leaves the draw pile (to the discard pile or a hand). */
export function takeFlipped(game: SenGame, flipped: number): void {
  game.drawCount -= 1
  if (game.drawKnown !== null) removeOne(game.drawKnown, flipped)
  game.flipped = null
}

/** `placer` has just put a card on the discard pile on their turn; the turn passes. */
export function endTurn(game: SenGame, placer: Seat): void {
  game.turn = other(game.turn)
  game.reactor = other(placer)
  game.topBy = placer
  game.declare = null
  game.phase = idlePhase(game)
}

/** 'a 9', 'an 8', 'an A'. */
export function withA(rank: number): string {
  return rank === 8 || rank === 1 ? `an ${rankName(rank)}` : `a ${rankName(rank)}`
}

// ---------------------------------------------------------------------------------------------- checks

/** The hand entered must contain every card the table already knows `seat` holds. */
export function checkKnownHand(state: SenState, game: SenGame, seat: Seat, hand: readonly number[]): Result<true> {
  const known = game.known[seat]
  if (contains(hand, known)) return ok(true)
  const who = state.names[seat]
  return err(
    'hand-mismatch',
    known.length === 3
      ? `${who}'s hand is known to be ${formatHand(known)}; the hand entered is ${formatHand(sortRanks(hand))}.`
      : `${who} is known to hold ${formatHand(known)}; the hand entered (${formatHand(sortRanks(hand))}) does not.`,
    'hand',
  )
}

/** A card given up must be in the hand when the whole hand is known. */
export function checkGive(state: SenState, game: SenGame, seat: Seat, give: number): Result<true> {
  const known = game.known[seat]
  if (known.length === 3 && !known.includes(give)) {
    return err(
      'hand-mismatch',
      `${state.names[seat]}'s hand is known to be ${formatHand(known)}; it holds no ${rankName(give)}.`,
      'give',
    )
  }
  return ok(true)
}

/** A seat named in the action must be the one expected to `what`. */
export function checkSeat(state: SenState, seat: Seat | undefined, expected: Seat, what: string): Result<true> {
  if (seat === undefined || seat === expected) return ok(true)
  return err('not-your-turn', `It is ${state.names[expected]}'s turn to ${what}, not ${state.names[seat]}'s.`, 'seat')
}

/** Why nothing but the phase's own action can happen now. */
export function phaseError(state: SenState, game: SenGame): Result<never> {
  const names = state.names
  switch (game.phase) {
    case 'over':
      return state.over
        ? err('match-over', 'The match is over.')
        : err('game-over', `Game ${game.number} is over: start the next game.`)
    case 'flip':
      return err('wrong-phase', `${names[game.turn]} flips a card first.`)
    case 'action':
      return err(
        'wrong-phase',
        `${names[game.turn]} flipped ${withA(game.flipped as number)}: discard, swap or declare first.`,
      )
    case 'block':
      return err(
        'wrong-phase',
        `${names[other(game.declare?.seat ?? game.turn)]} must answer the Declare first: Block or no Block.`,
      )
    case 'reshuffle':
      return err('draw-empty', 'The draw pile is empty: reshuffle the discard pile first.')
    case 'tiebreak':
      return err('draw-empty', 'The draw pile is empty and no reshuffle is left: go to the tiebreaker.')
  }
}

/** A hand shown to claim a win (swap or React) must be 7-8-9, hold the card just taken and match what is known. */
export function checkShownHand(
  state: SenState,
  game: SenGame,
  seat: Seat,
  shown: readonly number[] | null | undefined,
  taken: number,
): Result<number[] | null> {
  if (shown === undefined || shown === null) return ok(null)
  if (!senIsWin(shown)) return err('not-a-win', 'A win needs a 7, an 8 and a 9.', 'show')
  if (!shown.includes(taken))
    return err('not-a-win', `The hand shown must include the ${rankName(taken)} just taken.`, 'show')
  const known = checkKnownHand(state, game, seat, shown)
  if (!known.ok) return { ok: false, error: { ...known.error, field: 'show' } }
  return ok(sortRanks(shown))
}

/** The state with this game, once no rank has been entered more than four times (SE-V4). */
export function withGame(state: SenState, game: SenGame): Result<SenState> {
  const counts = checkRankCounts(visibleCards(game))
  if (!counts.ok) return counts
  return ok({ ...state, game })
}

// ---------------------------------------------------------------------------------------------- the end of a game

const ENDING_LABELS: Record<SenEnding, string> = {
  swap: 'Win by swap',
  react: 'Win by React',
  declare: 'Win by Declare',
  'dealt-win': 'Dealt win',
  tiebreaker: 'Tiebreaker',
}

/** Records the game's result (SE-R14) and counts it towards the match. */
export function finishGame(
  state: SenState,
  game: SenGame,
  winner: Seat | null,
  ending: SenEnding,
  explanation: string,
): SenState {
  const results: SenGameRecord['results'] =
    winner === null ? ['draw', 'draw'] : winner === 0 ? ['win', 'loss'] : ['loss', 'win']
  const record: SenGameRecord = {
    game: game.number,
    starter: game.starter,
    winner,
    results,
    ending,
    label: winner === null ? 'Draw' : ENDING_LABELS[ending],
    flips: game.flips,
    reshuffled: game.reshuffled,
    blocked: game.blocked,
    hands: [game.known[0].length === 3 ? [...game.known[0]] : [], game.known[1].length === 3 ? [...game.known[1]] : []],
    explanation,
  }
  game.phase = 'over'
  game.flipped = null
  game.reactor = null
  game.declare = null
  game.result = record
  game.log.push({ seat: winner, text: explanation })
  const wins: [number, number] = [state.wins[0], state.wins[1]]
  if (winner !== null) wins[winner] += 1
  const over = state.target !== null && (wins[0] >= state.target || wins[1] >= state.target)
  return { ...state, wins, draws: state.draws + (winner === null ? 1 : 0), games: [...state.games, record], game, over }
}

// ---------------------------------------------------------------------------------------------- React window

/** Who may React to the top discard now, what they would take and which ranks they may give, or the reason why not. */
export function senReactCheck(state: SenState, seat?: number): Result<{ seat: Seat; top: number; give: number[] }> {
  const game = state.game
  const names = state.names
  if (seat !== undefined && seat !== 0 && seat !== 1) return err('invalid-seat', 'The seat must be 0 or 1.', 'seat')
  if (game.phase === 'over') return phaseError(state, game)
  if (game.phase === 'action' || game.phase === 'block') {
    return err('react-closed', "A React comes before the next flip; this turn's card has already been flipped.")
  }
  const top = game.discard[game.discard.length - 1]
  if (top === undefined) return err('react-closed', 'The discard pile is empty: there is nothing to React to.')
  if (game.reactor === null) {
    // Only a card given up in a React (house rule reactChain OFF) leaves the window closed before a flip.
    return err('react-closed', `The ${rankName(top)} was given up in a React, so nobody may React to it.`)
  }
  if (seat !== undefined && seat !== game.reactor) {
    return err(
      'react-closed',
      `${names[seat]} put the ${rankName(top)} on the discard pile; only ${names[game.reactor]} may React to it.`,
      'seat',
    )
  }
  const known = game.known[game.reactor]
  let give = swapCandidates(
    top,
    [top - 1, top, top + 1].filter((r) => r >= 1 && r <= 13),
  )
  if (known.length === 3) give = give.filter((r) => known.includes(r))
  if (give.length === 0) {
    return err(
      'react-not-adjacent',
      `${names[game.reactor]}'s hand (${formatHand(known)}) has no card matching or next to the ${rankName(top)}.`,
    )
  }
  return ok({ seat: game.reactor, top, give })
}
