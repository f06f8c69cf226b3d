/**
 * Seven Eight Nine: one function per action (docs/rules/seven-eight-nine.md). Each receives the state
 * and an action that has passed its schema (cards are ranks, hands three ranks), checks the rules, and
 * returns the next state or the rule's refusal. None of them changes its input: they work on a `draft` of the game.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import {
  checkGive,
  checkKnownHand,
  checkSeat,
  checkShownHand,
  draft,
  endTurn,
  finishGame,
  idlePhase,
  newGame,
  other,
  phaseError,
  removeOne,
  senReactCheck,
  someCompletion,
  starterOf,
  takeFlipped,
  visibleCards,
  withA,
  withGame,
} from './game'
import {
  MSG,
  SEN_DRAW_START,
  checkRankCounts,
  formatHand,
  rankLabel,
  rankName,
  senCheckBlock,
  senCheckDeclare,
  senIsWin,
  senResolveTiebreak,
  sortRanks,
} from './rules'
import { enterResult } from './result'
import type { SenParsed, SenParsedAction } from './schema'
import type { Seat, SenState } from './types'

/** "1 card", "2 cards". */
function cardCount(n: number): string {
  return `${n} card${n === 1 ? '' : 's'}`
}
/** The turn player enters the card they flipped from the draw pile. */
function flip(state: SenState, action: SenParsed<'flip'>): Result<SenState> {
  const current = state.game
  if (current.phase !== 'flip') return phaseError(state, current)
  const seat = checkSeat(state, action.seat, current.turn, 'flip')
  if (!seat.ok) return seat
  const card = action.card
  if (current.drawKnown !== null && !current.drawKnown.includes(card)) {
    return err(
      'card-not-in-draw',
      `No ${rankName(card)} is left in the draw pile after the reshuffle; check the card.`,
      'card',
    )
  }
  const game = draft(current)
  game.flipped = card
  game.flips += 1
  game.reactor = null
  game.phase = 'action'
  game.log.push({ seat: game.turn, text: `${state.names[game.turn]} flips ${withA(card)}.` })
  return withGame(state, game)
}

/** The flipped card goes to the discard pile; the other player may React to it. */
function discard(state: SenState, action: SenParsed<'discard'>): Result<SenState> {
  const current = state.game
  if (current.phase !== 'action') return phaseError(state, current)
  const seat = checkSeat(state, action.seat, current.turn, 'act')
  if (!seat.ok) return seat
  const game = draft(current)
  const player = game.turn
  const flipped = current.flipped as number
  takeFlipped(game, flipped)
  game.discard.push(flipped)
  game.log.push({ seat: player, text: `${state.names[player]} discards the ${rankName(flipped)}.` })
  endTurn(game, player)
  return withGame(state, game)
}

/** Match or Adjacent Swap: a hand card matching or next to the flipped card is given up for it (SE-R6). */
function swap(state: SenState, action: SenParsed<'swap'>): Result<SenState> {
  const current = state.game
  const names = state.names
  if (current.phase !== 'action') return phaseError(state, current)
  const seat = checkSeat(state, action.seat, current.turn, 'act')
  if (!seat.ok) return seat
  const flipped = current.flipped as number
  const player = current.turn
  const give = action.give
  if (Math.abs(give - flipped) > 1) {
    return err(
      'swap-not-adjacent',
      `A swap gives up a card that matches or is next to the flipped ${rankName(flipped)}; ${rankLabel(give)} is neither.`,
      'give',
    )
  }
  const held = checkGive(state, current, player, give)
  if (!held.ok) return held
  const game = draft(current)
  takeFlipped(game, flipped)
  game.discard.push(give)
  removeOne(game.known[player], give)
  game.known[player] = sortRanks([...game.known[player], flipped])
  const kind = give === flipped ? 'Match Swap' : 'Adjacent Swap'
  game.log.push({
    seat: player,
    text: `${names[player]} takes the ${rankName(flipped)} and gives up ${withA(give)} (${kind}).`,
  })
  const shown = checkShownHand(state, game, player, action.show, flipped)
  if (!shown.ok) return shown
  if (shown.value !== null) game.known[player] = shown.value
  if (shown.value !== null || senIsWin(game.known[player])) {
    const counts = checkRankCounts(visibleCards(game))
    if (!counts.ok) return counts
    const why = `${names[player]} wins by ${kind}: gives up ${rankLabel(give)} for the flipped ${rankName(flipped)} and shows 7-8-9.`
    return ok(finishGame(state, game, player, 'swap', why))
  }
  endTurn(game, player)
  return withGame(state, game)
}

/** React: take the top discard before the next flip, giving up a card matching or next to it (SE-R7, SE-A9). */
function react(state: SenState, action: SenParsed<'react'>): Result<SenState> {
  const window = senReactCheck(state, action.seat)
  if (!window.ok) return window
  const { seat: reactor, top } = window.value
  const names = state.names
  const give = action.give
  if (Math.abs(give - top) > 1) {
    return err(
      'react-not-adjacent',
      `A React gives up a card that matches or is next to the ${rankName(top)}; ${rankLabel(give)} is neither.`,
      'give',
    )
  }
  const held = checkGive(state, state.game, reactor, give)
  if (!held.ok) return held
  const game = draft(state.game)
  game.discard[game.discard.length - 1] = give
  removeOne(game.known[reactor], give)
  game.known[reactor] = sortRanks([...game.known[reactor], top])
  game.log.push({
    seat: reactor,
    text: `${names[reactor]} reacts: takes the ${rankName(top)} from the discard pile and gives up ${withA(give)}.`,
  })
  const shown = checkShownHand(state, game, reactor, action.show, top)
  if (!shown.ok) return shown
  if (shown.value !== null) game.known[reactor] = shown.value
  if (shown.value !== null || senIsWin(game.known[reactor])) {
    const counts = checkRankCounts(visibleCards(game))
    if (!counts.ok) return counts
    const why = `${names[reactor]} wins by React: takes the ${rankName(top)} from the discard pile for ${rankLabel(give)} and shows 7-8-9.`
    return ok(finishGame(state, game, reactor, 'react', why))
  }
  game.reactor = state.rules.reactChain === 'ON' ? other(reactor) : null
  game.topBy = reactor
  if (state.rules.reactReplacesTurn && reactor === game.turn) game.turn = other(reactor)
  return withGame(state, game)
}

/** Declare on your own flip: two targets and a blocker far enough from the flipped target (SE-R9, SE-V5). */
function declare(state: SenState, action: SenParsed<'declare'>): Result<SenState> {
  const current = state.game
  if (current.phase === 'over' || current.phase === 'block') return phaseError(state, current)
  if (current.phase !== 'action') {
    return current.reactor !== null
      ? err('declare-not-on-flip', MSG.declareOnFlip)
      : err('declare-not-on-flip', 'Declare is only possible on your own flip: flip a card first.')
  }
  if (action.seat !== undefined && action.seat !== current.turn)
    return err('declare-not-on-flip', MSG.declareOnFlip, 'seat')
  const declarer = current.turn
  const flipped = current.flipped as number
  if (action.flipped !== undefined && action.flipped !== flipped) {
    return err('flipped-mismatch', `The flipped card is ${withA(flipped)}, not ${withA(action.flipped)}.`, 'flipped')
  }
  const hand = sortRanks(action.hand)
  const known = checkKnownHand(state, current, declarer, hand)
  if (!known.ok) return known
  const check = senCheckDeclare(action.hand, flipped, { declareGap: state.rules.declareGap })
  if (!check.ok) return check
  const game = draft(current)
  game.known[declarer] = hand
  game.declare = { seat: declarer, hand, blocker: check.value.blocker }
  game.phase = 'block'
  game.log.push({
    seat: declarer,
    text: `${state.names[declarer]} declares with ${formatHand(hand)}: the blocker ${rankLabel(check.value.blocker)} is ${check.value.gap} ranks from the flipped ${rankName(flipped)}.`,
  })
  return withGame(state, game)
}

/** The opponent reveals two of 7, 8, 9: the Declare is void and no reshuffle is left (SE-R10, SE-A5). */
function block(state: SenState, action: SenParsed<'block'>): Result<SenState> {
  const current = state.game
  if (current.phase !== 'block' || current.declare === null) {
    return current.phase === 'over'
      ? phaseError(state, current)
      : err('wrong-phase', 'A Block answers a Declare; nobody has declared.')
  }
  const declarer = current.declare.seat
  const blocker = other(declarer)
  const seat = checkSeat(state, action.seat, blocker, 'answer the Declare')
  if (!seat.ok) return seat
  const hand = sortRanks(action.hand)
  const known = checkKnownHand(state, current, blocker, hand)
  if (!known.ok) return known
  const allowed = senCheckBlock(action.hand, { blockRequirement: state.rules.blockRequirement })
  if (!allowed.ok) return allowed
  const game = draft(current)
  game.known[blocker] = hand
  const flipped = current.flipped as number
  takeFlipped(game, flipped)
  game.discard.push(flipped)
  const lock = game.reshuffled ? '' : ' No reshuffle from now on.'
  game.blocked = true
  game.log.push({
    seat: blocker,
    text: `${state.names[blocker]} blocks with ${formatHand(hand)}: ${state.names[declarer]}'s Declare is void and the ${rankName(flipped)} goes to the discard pile.${lock}`,
  })
  endTurn(game, declarer)
  return withGame(state, game)
}

/** Nobody blocks: the declarer discards the blocker, takes the flipped card and wins. */
function noBlock(state: SenState, action: SenParsed<'no-block'>): Result<SenState> {
  const current = state.game
  const names = state.names
  if (current.phase !== 'block' || current.declare === null) {
    return current.phase === 'over' ? phaseError(state, current) : err('wrong-phase', 'Nobody has declared.')
  }
  const pending = current.declare
  const answerer = other(pending.seat)
  const seat = checkSeat(state, action.seat, answerer, 'answer the Declare')
  if (!seat.ok) return seat
  const known = current.known[answerer]
  const blockRule = { blockRequirement: state.rules.blockRequirement }
  if (!someCompletion(known, (hand) => !senCheckBlock(hand, blockRule).ok)) {
    return err(
      'block-required',
      known.length === 3
        ? `${names[answerer]}'s hand is known (${formatHand(known)}): it holds two of 7, 8, 9, so ${names[answerer]} must Block.`
        : `${names[answerer]} is known to hold ${formatHand(known)}: that is two of 7, 8, 9, so ${names[answerer]} must Block.`,
    )
  }
  const game = draft(current)
  const flipped = current.flipped as number
  takeFlipped(game, flipped)
  game.discard.push(pending.blocker)
  const hand = [...pending.hand]
  removeOne(hand, pending.blocker)
  game.known[pending.seat] = sortRanks([...hand, flipped])
  const gap = Math.abs(pending.blocker - flipped)
  const who = names[pending.seat]
  const why = `${who} wins by Declare: the blocker ${rankLabel(pending.blocker)} is ${gap} ranks from the flipped ${rankName(flipped)} (a Declare needs ${state.rules.declareGap}), so ${who} discards it, takes the ${rankName(flipped)} and shows 7-8-9; ${names[answerer]} cannot block.`
  return ok(finishGame(state, game, pending.seat, 'declare', why))
}

/** The draw pile is empty: the discard pile becomes the new draw pile, once per game and never after a Block. */
function reshuffle(state: SenState, action: SenParsed<'reshuffle'>): Result<SenState> {
  const current = state.game
  if (current.phase === 'over' || current.phase === 'action' || current.phase === 'block')
    return phaseError(state, current)
  if (current.reshuffled) return err('reshuffle-used', MSG.reshuffleUsed)
  if (current.blocked) return err('reshuffle-blocked', MSG.reshuffleBlocked)
  if (current.drawCount > 0) {
    return err(
      'draw-not-empty',
      `The draw pile still has ${cardCount(current.drawCount)}; reshuffle only when it is empty.`,
    )
  }
  // SE-A12: an empty discard pile gives no new draw pile (only a pile correction gets here): the tiebreaker follows
  if (current.discard.length === 0) return err('draw-empty', MSG.nothingToReshuffle)
  const seat = checkSeat(state, action.seat, current.turn, 'reshuffle')
  if (!seat.ok) return seat
  const game = draft(current)
  game.drawKnown = sortRanks(game.discard)
  game.drawCount = game.discard.length
  game.discard = []
  game.reshuffled = true
  game.reactor = null
  game.topBy = null
  game.phase = 'flip'
  game.log.push({
    seat: game.turn,
    text: `The discard pile (${cardCount(game.drawCount)}) becomes the new draw pile. This was the only reshuffle.`,
  })
  return withGame(state, game)
}

/** Draw pile empty, no reshuffle left: both hands are compared (SE-R12, SE-A7, SE-A8). */
function tiebreak(state: SenState, action: SenParsed<'tiebreak'>): Result<SenState> {
  const current = state.game
  const names = state.names
  if (current.phase === 'over') return phaseError(state, current)
  if (current.phase === 'reshuffle') {
    return err(
      'reshuffle-available',
      'The reshuffle is still available: the discard pile becomes the new draw pile first.',
    )
  }
  if (current.phase !== 'tiebreak') return err('draw-not-empty', MSG.drawNotEmpty)
  const [first, second] = action.hands
  for (const [seat, hand] of [
    [0, first],
    [1, second],
  ] as const) {
    const known = checkKnownHand(state, current, seat, hand)
    if (!known.ok) return { ok: false, error: { ...known.error, field: `hands.${seat}` } }
    // SE-V11: 7-8-9 wins the moment it is held (SE-R4), so no hand reaches the tiebreaker as one (SE-R13: 17 at most)
    if (senIsWin(hand)) {
      return err(
        'invalid-hand',
        `${names[seat]}'s hand ${formatHand(sortRanks(hand))} is 7-8-9, which would already have won (SE-R4); a tiebreaker hand scores 17 at most (SE-R13). Check the hand, or undo back to the move that made it.`,
        `hands.${seat}`,
      )
    }
  }
  const result = senResolveTiebreak(first, second, state.rules, state.names)
  if (!result.ok) return result
  const game = draft(current)
  game.known = [sortRanks(first), sortRanks(second)]
  const counts = checkRankCounts(visibleCards(game))
  if (!counts.ok) return counts
  const intro = `Draw pile empty and no reshuffle left: ${names[0]} shows ${formatHand(game.known[0])}, ${names[1]} shows ${formatHand(game.known[1])}.`
  return ok(finishGame(state, game, result.value.winner, 'tiebreaker', `${intro} ${result.value.explanation}`))
}

/** Before the first flip: a dealt 7-8-9 wins at once (both: a draw), or the game is redealt (SE-A11). */
function dealtWin(state: SenState, action: SenParsed<'dealt-win'>): Result<SenState> {
  const current = state.game
  const names = state.names
  if (current.phase !== 'flip' || current.flips > 0) {
    return current.phase === 'over'
      ? phaseError(state, current)
      : err('dealt-win-late', 'A dealt 7-8-9 counts only before the first flip.')
  }
  const seats = sortRanks(action.seats) as Seat[]
  if (state.rules.dealtWin === 'REDEAL') {
    const game = newGame(current.number, current.starter, current.redeals + 1)
    const text = `${seats.map((s) => names[s]).join(' and ')} ${seats.length === 2 ? 'were' : 'was'} dealt 7-8-9: redeal (house rule REDEAL).`
    game.log = [{ seat: null, text }]
    return ok({ ...state, game })
  }
  const game = draft(current)
  for (const s of seats) game.known[s] = [7, 8, 9]
  if (seats.length === 2)
    return ok(finishGame(state, game, null, 'dealt-win', 'Both players were dealt 7-8-9: the game is a draw.'))
  const winner = seats[0] as Seat
  return ok(
    finishGame(
      state,
      game,
      winner,
      'dealt-win',
      `${names[winner]} was dealt 7-8-9 and wins immediately, before the first flip.`,
    ),
  )
}

/** SE-A1: the table counts its draw pile and the app takes that count. Logged and undoable like any action. */
function correctPiles(state: SenState, action: SenParsed<'correct-piles'>): Result<SenState> {
  const current = state.game
  if (current.phase === 'over') return phaseError(state, current)
  if (current.phase === 'action' || current.phase === 'block') {
    const why = phaseError(state, current)
    return why.ok ? why : err('wrong-phase', `Correct the pile count between turns: ${why.error.message}`)
  }
  const draw = action.draw
  const max = SEN_DRAW_START - current.discard.length
  if (draw > max) {
    return err(
      'invalid-count',
      `The draw pile cannot hold ${cardCount(draw)}: with ${current.discard.length} on the discard pile and 3 in each hand, at most ${max} ${max === 1 ? 'is' : 'are'} left (52 in all).`,
      'draw',
    )
  }
  if (draw === current.drawCount)
    return err(
      'invalid-count',
      `The app already counts ${cardCount(draw)} in the draw pile; nothing to correct.`,
      'draw',
    )
  const game = draft(current)
  const was = game.drawCount
  game.drawCount = draw
  // after the reshuffle the draw pile's ranks were known; with a different count the app no longer knows which cards are in it
  const forget = game.drawKnown !== null ? ' The ranks left in the draw pile are no longer known.' : ''
  game.drawKnown = null
  game.phase = idlePhase(game)
  game.log.push({
    seat: null,
    text: `Pile count corrected: the table's draw pile has ${draw} card${draw === 1 ? '' : 's'}, not ${was} (discard pile ${game.discard.length}).${forget}`,
  })
  return ok({ ...state, game })
}

/** After a game's result: the next game, started by the other player. */
function nextGame(state: SenState): Result<SenState> {
  const current = state.game
  if (current.phase !== 'over') return err('game-not-over', `Game ${current.number} is not over yet.`)
  const number = current.number + 1
  return ok({ ...state, game: newGame(number, starterOf(state, number)) })
}

/** Runs the function of the action's type (the match is not over; the action has passed its schema). */
export function applyParsed(state: SenState, action: SenParsedAction): Result<SenState> {
  switch (action.type) {
    case 'flip':
      return flip(state, action)
    case 'discard':
      return discard(state, action)
    case 'swap':
      return swap(state, action)
    case 'react':
      return react(state, action)
    case 'declare':
      return declare(state, action)
    case 'block':
      return block(state, action)
    case 'no-block':
      return noBlock(state, action)
    case 'reshuffle':
      return reshuffle(state, action)
    case 'tiebreak':
      return tiebreak(state, action)
    case 'dealt-win':
      return dealtWin(state, action)
    case 'correct-piles':
      return correctPiles(state, action)
    case 'result':
      return enterResult(state, action)
    case 'next-game':
      return nextGame(state)
  }
}
