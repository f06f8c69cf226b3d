/**
 * Seven Eight Nine live-tracking engine: a match of games between two players (docs/rules/seven-eight-nine.md).
 *
 * The table plays with a real deck; the user enters the cards that become visible (flips, cards given up onto the
 * discard pile, revealed hands) and the engine checks everything those cards allow: rank counts across all visible
 * cards (SE-V4), known hand cards, what may be swapped or reacted to, Declare / Block / win claims and pile counts.
 * Every state is plain JSON data; `apply` never mutates its input. Input passes a schema first (schema.ts), each
 * action then has its own function (actions.ts); a bug in them throws rather than posing as a refusal.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import type { GameEngine, GameStatus, Standing } from '../engine'
import { rankSeats, seatName } from '../seats'
import { applyParsed } from './actions'
import { newGame, other, senReactCheck, someCompletion } from './game'
import { senCheckBlock, senCheckDeclare } from './rules'
import { parseSenAction, parseSenConfig, senRulesOf } from './schema'
import { senStatus, senStatusText } from './status'
import type { Seat, SenAction, SenConfig, SenHouseRules, SenLegal, SenState } from './types'

export { senReactCheck } from './game'
export { senStatus, senStatusText, type SenStatus, type SenStatusReason } from './status'

export interface SenNormalizedConfig {
  names: [string, string]
  starter: Seat
  target: number | null
  rules: SenHouseRules
}

/** Validates untrusted config data and fills in the defaults. */
export function normalizeSenConfig(config: unknown): Result<SenNormalizedConfig> {
  const parsed = parseSenConfig(config)
  if (!parsed.ok) return parsed
  const c = parsed.value
  const names: [string, string] = [seatName([c.names[0]?.trim() ?? ''], 0), seatName(['', c.names[1]?.trim() ?? ''], 1)]
  if (names[0] === names[1]) return err('invalid-config', 'The two players need different names.', 'names')
  // the rules in the order they were given (a `sen.` key and its bare twin: the later wins)
  const rawRules = (config as { houseRules?: Record<string, unknown> | null }).houseRules
  return ok({ names, starter: c.starter ?? 0, target: c.target ?? null, rules: senRulesOf(rawRules) })
}

function setup(config: SenConfig): Result<SenState> {
  const c = normalizeSenConfig(config)
  if (!c.ok) return c
  return ok({
    names: c.value.names,
    rules: c.value.rules,
    target: c.value.target,
    firstStarter: c.value.starter,
    wins: [0, 0],
    draws: 0,
    games: [],
    game: newGame(1, c.value.starter),
    over: false,
  })
}

function apply(state: SenState, action: SenAction): Result<SenState> {
  const parsed = parseSenAction(action)
  if (!parsed.ok) return parsed
  if (state.over) return err('match-over', 'The match is over.')
  return applyParsed(state, parsed.value)
}

function legalActions(state: SenState): SenLegal[] {
  const game = state.game
  if (state.over) return []
  const out: SenLegal[] = []
  switch (game.phase) {
    case 'over':
      return [{ type: 'next-game' }]
    case 'flip':
      out.push({ type: 'flip', seat: game.turn })
      if (game.flips === 0) out.push({ type: 'dealt-win' })
      break
    case 'reshuffle':
      out.push({ type: 'reshuffle', seat: game.turn })
      break
    case 'tiebreak':
      out.push({ type: 'tiebreak' })
      break
    case 'action': {
      const flipped = game.flipped as number
      const seat = game.turn
      const known = game.known[seat]
      out.push({ type: 'discard', seat })
      let give = [flipped - 1, flipped, flipped + 1].filter((r) => r >= 1 && r <= 13)
      if (known.length === 3) give = give.filter((r) => known.includes(r))
      if (give.length > 0) out.push({ type: 'swap', seat, flipped, give })
      const declarable =
        flipped >= 7 &&
        flipped <= 9 &&
        someCompletion(known, (hand) => senCheckDeclare(hand, flipped, { declareGap: state.rules.declareGap }).ok)
      if (declarable) out.push({ type: 'declare', seat, flipped })
      return out
    }
    case 'block': {
      const answerer = other(game.declare?.seat ?? game.turn)
      const known = game.known[answerer]
      const blockRule = { blockRequirement: state.rules.blockRequirement }
      if (someCompletion(known, (hand) => senCheckBlock(hand, blockRule).ok))
        out.push({ type: 'block', seat: answerer })
      if (someCompletion(known, (hand) => !senCheckBlock(hand, blockRule).ok))
        out.push({ type: 'no-block', seat: answerer })
      return out
    }
  }
  const react = senReactCheck(state)
  if (react.ok) out.push({ type: 'react', seat: react.value.seat, top: react.value.top, give: react.value.give })
  return out
}

function status(state: SenState): GameStatus {
  const s = senStatus(state)
  return {
    phase: s.phase,
    over: state.over,
    round: s.game,
    toAct: s.toAct,
    winners: s.matchWinner === null ? [] : [s.matchWinner],
    message: senStatusText(s, state.names),
  }
}

function standings(state: SenState): Standing[] {
  const ranks = rankSeats(state.wins, true)
  return ([0, 1] as const).map((s) => {
    const losses = state.games.filter((r) => r.winner === other(s)).length
    return {
      seat: s,
      name: state.names[s],
      score: state.wins[s],
      rank: ranks[s] as number,
      eliminated: false,
      note: `${state.wins[s]} won, ${losses} lost, ${state.draws} drawn`,
    }
  })
}

export const senEngine: GameEngine<SenConfig, SenState, SenAction, SenLegal> = {
  id: 'seven-eight-nine',
  setup,
  legalActions,
  apply,
  status,
  standings,
}

/** Pile counts for the UI; hands always hold 3 cards, so hands + draw + discard = 52. */
export function senPiles(state: SenState): { hands: [number, number]; draw: number; discard: number; total: number } {
  const g = state.game
  return { hands: [3, 3], draw: g.drawCount, discard: g.discard.length, total: 6 + g.drawCount + g.discard.length }
}
