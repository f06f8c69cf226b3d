/**
 * One replay (replayLog, src/shared/games/engine.ts): for one bad entry, the engine's replay, the
 * reducer, the match service's correction and its preview, and the round form's preview all stop at
 * the same entry with the same code; a correction that breaks a later entry is refused by the service,
 * its preview and the round form alike with CORRECTION_BREAKS_LATER_ENTRY.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EventStore } from '../../src/core/db/repos/events'
import { Device } from '../../src/core/services/device'
import { GAME_ENGINES } from '../../src/shared/games/registry'
import { replay } from '../../src/shared/games/engine'
import { reduceMatch, replayMatch } from '../../src/shared/events/reduce'
import type { NineAction, NineRoundRecord, NineState } from '../../src/shared/games/nine'
import type { MatchView } from '../../src/shared/model/match'
import { CORRECTION_BREAKS_LATER_ENTRY } from '../../src/shared/service-errors'
import type { MatchState } from '../../src/renderer/src/state/match.svelte'
import { BREAKS_LATER, RoundFormState } from '../../src/renderer/src/games/round-form/state.svelte'
import { nineRoundSpec } from '../../src/renderer/src/games/nine/round-spec'
import { bridgedCore } from './bridge'
import { twoPlayerMatch, withoutPage } from './controller-harness'

withoutPage()

let bridge: ReturnType<typeof bridgedCore>
beforeEach(() => {
  bridge = bridgedCore()
})
afterEach(() => bridge.cleanup())

const DEALS: NineAction[] = [
  { type: 'round', declarer: 0, totals: [0, 60] },
  { type: 'round', declarer: 0, totals: [0, 30] },
  { type: 'round', declarer: 0, totals: [1, 5] },
]

async function played(): Promise<{ match: MatchState; view: MatchView }> {
  const match = await twoPlayerMatch(bridge, 'nine')
  for (const [i, action] of DEALS.entries()) {
    expect((await match.apply(action)).ok).toBe(true)
    await vi.waitFor(() => expect(match.view?.actions).toHaveLength(i + 1))
    await vi.waitFor(() => expect(match.busy).toBe(false))
  }
  return { match, view: match.view as MatchView }
}

/** What each of the five says of the log with deal 2 (entry index 1) corrected to `action`. */
async function fiveAnswers(match: MatchState, view: MatchView, action: NineAction) {
  const engine = GAME_ENGINES.nine
  const actions = view.actions.map((a, i) => (i === 1 ? action : a.action))
  const byEngine = replay(engine, view.config, actions as NineAction[])
  // The reducer, over the match's own events, with the correction in force.
  const store = new EventStore(bridge.core.db, new Device(bridge.core.db, () => new Date()))
  const log = reduceMatch(store.forSubject(view.id))
  const corrected = log.entries.map((e, i) =>
    i === 1 ? { ...e, corrections: [{ id: 'c', action, at: '', hlc: '', deviceId: '' }] } : e,
  )
  const byReducer = replayMatch('nine', engine, view.config, corrected)
  const eventId = view.actions[1]?.eventId as string
  const preview = await match.previewCorrection(eventId, action)
  const form = new RoundFormState(
    () => match,
    () => match.view?.state as NineState,
    () => ({ index: 1, record: (view.state as NineState).rounds[1] as NineRoundRecord }),
    nineRoundSpec,
  )
  const byForm = form.evaluate(action)
  const byService = await match.correct(eventId, action)
  return { byEngine, byReducer, preview, byForm, byService }
}

describe('one replay, one code', () => {
  it('a correction that makes a later deal impossible: the engine and the reducer name deal 3 with its code; the service, its preview and the form refuse it with one code', async () => {
    const { match, view } = await played()
    // Bo on 60 + 39 = 99 loses at deal 2, so deal 3 cannot be played
    const a = await fiveAnswers(match, view, { type: 'round', declarer: 0, totals: [0, 39] })
    expect(a.byEngine.ok).toBe(false)
    const engineError = a.byEngine.ok ? null : a.byEngine.error
    expect(engineError?.index).toBe(2)
    if (!('skipped' in a.byReducer)) throw new Error('the match no longer sets up')
    expect(a.byReducer.skipped).toEqual([
      { eventId: view.actions[2]?.eventId, code: engineError?.code, message: engineError?.message },
    ])
    for (const r of [a.preview, a.byForm, a.byService]) {
      expect(r.ok ? null : r.error.code).toBe(CORRECTION_BREAKS_LATER_ENTRY)
      expect(r.ok ? '' : r.error.message).toContain(engineError?.message)
    }
    expect(BREAKS_LATER).toBe(CORRECTION_BREAKS_LATER_ENTRY)
  })

  it('a correction the engine refuses itself: all five stop at that deal with the engine’s own code', async () => {
    const { match, view } = await played()
    const a = await fiveAnswers(match, view, { type: 'round', declarer: 0, totals: [0, -4] })
    expect(a.byEngine.ok).toBe(false)
    const engineError = a.byEngine.ok ? null : a.byEngine.error
    expect(engineError?.index).toBe(1)
    if (!('skipped' in a.byReducer)) throw new Error('the match no longer sets up')
    expect(a.byReducer.skipped[0]).toEqual({
      eventId: view.actions[1]?.eventId,
      code: engineError?.code,
      message: engineError?.message,
    })
    for (const r of [a.preview, a.byForm, a.byService]) expect(r.ok ? null : r.error.code).toBe(engineError?.code)
  })
})
