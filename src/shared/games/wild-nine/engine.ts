/**
 * Wild Nine live-tracking engine. A match is a config plus an action log; between rounds the table
 * either enters a round result directly ('round') or tracks the round card by card ('start-round',
 * 'play', 'draw', 'keep', 'pass', 'reshuffle') and then enters the remaining cards.
 * Pure: no clock, no randomness, never mutates its input, never throws. Input passes a schema first
 * (schema.ts); each action then has its own function (actions.ts, enter-round.ts); what a state tells
 * (actions offered, status, standings) is in queries.ts.
 */
import { ok, type Result } from '../../result'
import { err } from '../errors'
import { parseWildNineAction } from './schema'
import { isPlainObject } from '../../util'
import type { GameEngine } from '../engine'
import type { WildNineAction, WildNineConfig, WildNineLegal, WildNineState } from './types'
import { endMessage, name } from './helpers'
import { draw, keep, pass, play, reshuffle, startRound } from './actions'
import { enterRound } from './enter-round'
import { legalActions, standings, status } from './queries'
import { setupWildNine } from './setup'

function applyAction(state: WildNineState, action: WildNineAction): Result<WildNineState> {
  if (!isPlainObject(state) || state.game !== 'wild-nine')
    return err('invalid-state', 'This is not a Wild Nine match state.')
  const parsed = parseWildNineAction(action)
  if (!parsed.ok) return parsed
  const a: Record<string, unknown> = parsed.value
  const type = parsed.value.type
  if (state.over) return err('match-over', endMessage(state))
  const live = state.live
  switch (type) {
    case 'start-round':
      return startRound(state, a)
    case 'round':
      return enterRound(state, a)
    case 'stop-tracking':
      if (live === null) return err('wrong-phase', 'No round is being tracked.')
      return ok({ ...state, live: null, last: 'Tracking stopped: enter the round result.' })
    case 'play':
    case 'draw':
    case 'keep':
    case 'pass':
    case 'reshuffle':
      break // the tracked round's own actions, below
  }
  if (live === null)
    return err('wrong-phase', 'Start tracking a round (turn up the opening card) or enter a round result.')
  if (live.phase === 'ended') {
    return err(
      'wrong-phase',
      live.wentOut === null
        ? "The round ended in a deadlock: enter everyone's remaining cards."
        : `${name(state, live.wentOut)} went out: enter the others' remaining cards.`,
    )
  }
  switch (type) {
    case 'play':
      return play(state, live, a)
    case 'draw':
      return draw(state, live, a)
    case 'keep':
      return keep(state, live, a)
    case 'pass':
      return pass(state, live, a)
    case 'reshuffle':
      return reshuffle(state, live)
  }
}

export const wildNineEngine: GameEngine<WildNineConfig, WildNineState, WildNineAction, WildNineLegal> = {
  id: 'wild-nine',
  setup: setupWildNine,
  legalActions,
  apply: applyAction,
  status,
  standings,
}
