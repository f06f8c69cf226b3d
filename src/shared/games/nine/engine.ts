/**
 * The Nine live-tracking engine (GameEngine). A match is a config plus an action log; a round can be
 * entered directly (declarer + hands), or a deal can be followed turn by turn first ('deal', 'take',
 * 'discard', 'snap', 'declare'), which adds the first-circuit rule, discard legality, snaps and
 * pile counts. Editing a past round is the service replaying an edited log, not an engine action.
 * Input passes a schema first (schema.ts); entering a round is enter-round.ts, the tracked deal's
 * actions are actions.ts, what they share is helpers.ts; what a state tells is queries.ts.
 */
import { err } from '../errors'
import type { Result } from '../../result'
import { parseNineAction } from './schema'
import { legalInner, standingsInner, statusInner } from './queries'
import { setupNine } from './setup'
import type { GameEngine } from '../engine'
import { nineOverMessage } from './scoring'
import type { NineAction, NineConfig, NineLegal, NineState } from './types'
import { applyDeal, applyDeclare, applyDiscard, applySnap, applyStopTracking, applyTake } from './actions'
import { applyRound } from './enter-round'

export { readNineHouseRules } from './setup'

function applyInner(state: NineState, raw: unknown): Result<NineState> {
  const parsed = parseNineAction(raw)
  if (!parsed.ok) return parsed
  const action = parsed.value
  if (state.phase === 'over') {
    return err('game-over', nineOverMessage(state.totals, state.losers, state.names))
  }
  switch (action.type) {
    case 'round':
      return applyRound(state, action)
    case 'deal':
      return applyDeal(state, action)
    case 'declare':
      return applyDeclare(state, action)
    case 'take':
      return applyTake(state, action)
    case 'discard':
      return applyDiscard(state, action)
    case 'snap':
      return applySnap(state, action)
    case 'stop-tracking':
      return applyStopTracking(state)
  }
}

export const nineEngine: GameEngine<NineConfig, NineState, NineAction, NineLegal> = {
  id: 'nine',
  setup(config) {
    return setupNine(config as unknown)
  },
  legalActions(state) {
    return legalInner(state)
  },
  apply(state, action) {
    return applyInner(state, action as unknown)
  },
  status(state) {
    return statusInner(state)
  },
  standings(state) {
    return standingsInner(state)
  },
}
