/**
 * One replay (replayLog, src/shared/games/engine.ts): for one bad entry, the engine's replay, the
 * reducer, the match service's correction and its preview, and the round form's preview all stop at
 * the same entry with the same code; a correction that breaks a later entry is refused by the service,
 * its preview and the round form alike with CORRECTION_BREAKS_LATER_ENTRY.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Projector } from '../../src/core/services/projector'
import { StatsProjector } from '../../src/core/services/stats'
import type { DomainEvent } from '../../src/shared/events/types'
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
  it('a correction that makes a later deal impossible: the engine and the reducer name deal 3 with its code; the service and the form refuse it with one code, and the preview lists it as left out', async () => {
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
    for (const r of [a.byForm, a.byService]) {
      expect(r.ok ? null : r.error.code).toBe(CORRECTION_BREAKS_LATER_ENTRY)
      expect(r.ok ? '' : r.error.message).toContain(engineError?.message)
    }
    // the preview names the same deal with the engine's words, as the entry the correction would leave out
    expect(a.preview.ok && a.preview.value.leftOut.map((l) => [l.index - 1, l.reason])).toEqual([
      [engineError?.index, expect.stringContaining(engineError?.message ?? '?')],
    ])
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

/** A stamp just after `hlc` (its counter plus one), from `device`. */
function nextStamp(hlc: string, device: string): string {
  const [ms, counter] = hlc.split('.') as [string, string]
  return `${ms}.${String(Number(counter) + 1).padStart(6, '0')}.${device}`
}

describe('an entry already left out stays left out', () => {
  it('in the round form as in the service: correcting deal 1 before a deal another laptop entered too late is accepted by both', async () => {
    const match = await twoPlayerMatch(bridge, 'nine')
    // Deal 1, then deal 2 here, which ends the match (Bo on 60 + 39 = 99).
    for (const [i, action] of [DEALS[0], { type: 'round', declarer: 0, totals: [0, 39] }].entries()) {
      expect((await match.apply(action)).ok).toBe(true)
      await vi.waitFor(() => expect(match.view?.actions).toHaveLength(i + 1))
      await vi.waitFor(() => expect(match.busy).toBe(false))
    }
    // Another laptop entered its own deal 2 after deal 1, synced after ours: the match was over, so it is left out.
    const db = new Database(join(bridge.core.dir, 'ninekeeper.sqlite'))
    try {
      const events = new EventStore(db, new Device(db, () => new Date()))
      const [, d1, d2] = events.forSubject(match.id) as DomainEvent[]
      const device = '01900000-0000-7000-8000-00000000beef'
      const late: DomainEvent = {
        id: '01900000-0000-7000-9000-0000000000f2',
        deviceId: device,
        deviceSeq: 1,
        hlc: nextStamp((d2 as DomainEvent).hlc, device),
        kind: 'match.action',
        v: 1,
        subject: match.id,
        payload: { action: { type: 'round', declarer: 0, totals: [0, 5] }, after: (d1 as DomainEvent).id },
      }
      db.transaction(() => {
        events.insertRemote(late)
        new Projector(db, events, new StatsProjector(db)).projectMatch(match.id)
      })()
    } finally {
      db.close()
    }
    await match.load()
    const view = match.view as MatchView
    expect(view.actions).toHaveLength(3)
    expect(view.skipped.map((s) => s.eventId)).toEqual(['01900000-0000-7000-9000-0000000000f2'])
    const action: NineAction = { type: 'round', declarer: 0, totals: [0, 61] }
    const form = new RoundFormState(
      () => match,
      () => match.view?.state as NineState,
      () => ({ index: 0, record: (view.state as NineState).rounds[0] as NineRoundRecord }),
      nineRoundSpec,
    )
    expect(form.evaluate(action)).toMatchObject({ ok: true })
    // the preview lists no entry the correction would leave out: that one was left out already (EN-A22)
    const preview = await match.previewCorrection(view.actions[0]?.eventId as string, action)
    expect(preview.ok && preview.value.leftOut).toEqual([])
    expect(await match.correct(view.actions[0]?.eventId as string, action)).toMatchObject({ ok: true })
  })
})
