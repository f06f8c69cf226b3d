/**
 * Correcting an earlier Ennea grid whose resolution changes later rounds (EN-A22): matches:preview-correction
 * lists, entry by entry, what the correction changes and writes nothing; matches:correct with the preview's
 * token applies it as one event, which a rebuild replays the same way and Undo takes back. A later entry the
 * engine would refuse is listed: confirmed, it is left out (kept in the log), and undoing the correction brings it back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MatchHistoryEntry, MatchView } from '../../src/shared/model/match'
import type { CorrectionPreview } from '../../src/shared/model/correction'
import type { Player } from '../../src/shared/model/player'
import type { EnneaState } from '../../src/shared/games/ennea'
import { PROJECTION_TABLES, projectionRows } from '../../src/core/services/digest'
import { EventStore } from '../../src/core/db/repos/events'
import { Device } from '../../src/core/services/device'
import { StatsProjector } from '../../src/core/services/stats'
import { Projector } from '../../src/core/services/projector'
import { snapshot, tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
let m: MatchView

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const r = await core.dispatch(channel, payload)
  if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`)
  return r.value as T
}
async function refused(channel: string, payload: unknown, code: string): Promise<string> {
  const before = snapshot(core.db)
  const r = await core.dispatch(channel, payload)
  expect(r.ok, JSON.stringify(r)).toBe(false)
  expect(snapshot(core.db)).toEqual(before)
  if (r.ok) return ''
  expect(r.error.code).toBe(code)
  return r.error.message
}
const act = (action: unknown): Promise<MatchView> => call<MatchView>('matches:apply', { id: m.id, action })
const es = (v: MatchView): EnneaState => v.state as EnneaState

const G1 = [2, 7, 4, 5, 3, 6, 1, 8, 9]
/** G1 with R1C2 and R2C3 swapped: Ana's Row 1 is 2 + 6 = 8, not 9. */
const G1_SWAPPED = [2, 6, 4, 5, 3, 7, 1, 8, 9]

beforeEach(async () => {
  core = tempCore()
  const ana = await call<Player>('players:create', { name: 'Ana' })
  const bo = await call<Player>('players:create', { name: 'Bo' })
  m = await call<MatchView>('matches:create', { gameId: 'ennea', playerIds: [ana.id, bo.id] })
  // round 1 (Ana starts): Ana stakes R1C1 and R1C2, Bo stakes R3C3 and calls; Ana's final Pass
  await act({ type: 'stake', cell: 0, seat: 0 })
  await act({ type: 'stake', cell: 8, seat: 1 })
  await act({ type: 'stake', cell: 1, seat: 0 })
  await act({ type: 'ennea', seat: 1 })
  await act({ type: 'pass', seat: 0 })
  const r1 = await act({ type: 'reveal', grid: G1 })
  expect(es(r1).totals).toEqual([9, 8]) // Ana's Row 1 = 9; Bo's lone cube costs the minimum 1
  // round 2 (Bo starts): Bo calls at once, Ana's final Pass; nobody staked, both lose the minimum 1
  await act({ type: 'ennea', seat: 1 })
  await act({ type: 'pass', seat: 0 })
  const r2 = await act({ type: 'reveal', grid: [9, 8, 7, 6, 5, 4, 3, 2, 1] })
  expect(es(r2).totals).toEqual([8, 7])
  m = r2
})
afterEach(() => core.cleanup())

describe('correcting an earlier Ennea grid', () => {
  it('previews every later entry it changes and writes nothing; the confirmed correction is one event that a rebuild replays and Undo takes back', async () => {
    const reveal = m.actions[5]!
    const before = snapshot(core.db)
    const preview = await call<CorrectionPreview>('matches:preview-correction', {
      id: m.id,
      eventId: reveal.eventId,
      action: { type: 'reveal', grid: G1_SWAPPED },
      expected: m.head,
    })
    expect(snapshot(core.db)).toEqual(before)
    expect(preview.target).toMatchObject({
      index: 6,
      eventId: reveal.eventId,
      entry: 'Round 1 reveal',
      changes: ['Ana: 9 → 8 cubes, loses 1 cube (was 9 → 9, lost 0 cubes).'],
    })
    // Bo's call in round 2 uses his pool as before: not listed. Ana's Pass leaves one cube fewer; her round 2
    // starts from 8, so she ends on 7.
    expect(preview.later).toEqual([
      {
        index: 8,
        eventId: m.actions[7]!.eventId,
        entry: "Ana's pass",
        changes: ['Ana: 6 left in the pool after it (was 7).'],
      },
      {
        index: 9,
        eventId: m.actions[8]!.eventId,
        entry: 'Round 2 reveal',
        changes: ['Ana: 8 → 7 cubes, loses 1 cube (was 9 → 8, lost 1 cube).'],
      },
    ])
    expect(preview.message).toBe('Correcting Round 1 reveal changes 2 later entries: 8 and 9.')
    expect(preview.token).toMatch(/^[0-9a-f]{32}$/)

    // a token that is not this preview's is refused, and nothing is written
    expect(
      await refused(
        'matches:correct',
        {
          id: m.id,
          eventId: reveal.eventId,
          action: { type: 'reveal', grid: G1_SWAPPED },
          confirmed: 'f'.repeat(32),
        },
        'correction-preview-changed',
      ),
    ).toMatch(/no longer what was shown/)

    const events = core.db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number
    const v = await call<MatchView>('matches:correct', {
      id: m.id,
      eventId: reveal.eventId,
      action: { type: 'reveal', grid: G1_SWAPPED },
      expected: m.head,
      confirmed: preview.token,
    })
    expect(core.db.prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(events + 1)
    expect(es(v).totals).toEqual([7, 7])
    expect(es(v).rounds.map((r) => r.totalsAfter)).toEqual([
      [8, 8],
      [7, 7],
    ])
    // the same confirm again: the match moved on, so the head it names is stale and nothing more is written
    await refused(
      'matches:correct',
      {
        id: m.id,
        eventId: reveal.eventId,
        action: { type: 'reveal', grid: G1_SWAPPED },
        expected: m.head,
        confirmed: preview.token,
      },
      'stale',
    )

    // a rebuild from the events alone gives the same rows
    const rows = projectionRows(core.db)
    const projector = new Projector(
      core.db,
      new EventStore(core.db, new Device(core.db, () => new Date())),
      new StatsProjector(core.db),
    )
    core.db
      .transaction(() => {
        for (const t of PROJECTION_TABLES) core.db.exec(`DELETE FROM "${t}"`)
        projector.rebuildAll()
      })
      .immediate()
    expect(projectionRows(core.db)).toEqual(rows)

    // Undo takes the correction back like any other
    const undone = await call<MatchView>('matches:undo', { id: m.id })
    expect(es(undone).totals).toEqual([8, 7])
    const history = await call<MatchHistoryEntry[]>('matches:history', { id: m.id })
    expect(history.slice(-2).map((h) => h.description)).toEqual(['Round 1 reveal corrected', 'Undid a correction'])
  })

  it('without a token the correction is applied as before; a correction that changes nothing later says so', async () => {
    const reveal = m.actions[5]!
    // R3C1 and R3C2 (no cubes) swapped: nobody's resolution changes
    const quiet = [2, 7, 4, 5, 3, 6, 8, 1, 9]
    const preview = await call<CorrectionPreview>('matches:preview-correction', {
      id: m.id,
      eventId: reveal.eventId,
      action: { type: 'reveal', grid: quiet },
    })
    expect(preview.target.changes).toEqual([])
    expect(preview.later).toEqual([])
    expect(preview.message).toBe('Correcting Round 1 reveal changes no later entry.')
    const v = await call<MatchView>('matches:correct', {
      id: m.id,
      eventId: reveal.eventId,
      action: { type: 'reveal', grid: G1_SWAPPED },
    })
    expect(es(v).totals).toEqual([7, 7])
  })

  it('lists a later entry the correction makes impossible; confirmed, it is left out, and undoing the correction brings it back', async () => {
    // round 3 (Ana starts, 8 cubes; Bo 7): Ana stakes R1C1, then both pass until Ana stakes R1C2 with her last cube
    await act({ type: 'stake', cell: 0, seat: 0 })
    for (let k = 0; k < 3; k++) {
      await act({ type: 'pass', seat: 1 })
      await act({ type: 'pass', seat: 0 })
    }
    await act({ type: 'pass', seat: 1 })
    const last = await act({ type: 'stake', cell: 1, seat: 0 })
    expect(es(last).phase).toBe('reveal')
    const reveal = m.actions[5]!
    const stake = last.actions[17]!
    const correction = { id: m.id, eventId: reveal.eventId, action: { type: 'reveal', grid: G1_SWAPPED } }
    // with round 1 corrected Ana has 7 cubes in round 3: her last Pass empties her pool, so the Stake of
    // entry 18 spends a cube she would not have
    const before = snapshot(core.db)
    const p = await call<CorrectionPreview>('matches:preview-correction', correction)
    expect(snapshot(core.db)).toEqual(before)
    expect(p.leftOut).toEqual([
      {
        index: 18,
        eventId: stake.eventId,
        entry: "Ana's stake on R1C2",
        reason:
          'The round is over: reveal the grid by entering the 9 card values. With the correction, just before it: Ana has 7 cubes, 0 in the pool (was 8, 1 in the pool).',
      },
    ])
    expect(p.later.map((c) => c.index)).not.toContain(18)
    expect(p.message).toMatch(
      /; entry 18 becomes impossible and is left out \(kept in the log, not counted; undoing the correction brings it back\)\.$/,
    )
    // without the preview's token: refused as ever, naming the entry
    expect(await refused('matches:correct', correction, 'correction-breaks-later-entry')).toMatch(
      /^That change makes entry 18 invalid: The round is over/,
    )
    // with another token: what was shown is not what would be applied
    await refused('matches:correct', { ...correction, confirmed: 'x'.repeat(32) }, 'correction-preview-changed')
    // confirmed: applied as one event; the stake is kept in the log and left out, listed with the match's problems
    const fixed = await call<MatchView>('matches:correct', { ...correction, confirmed: p.token })
    expect(fixed.skipped.map((x) => x.eventId)).toEqual([stake.eventId])
    expect(es(fixed).totals).toEqual([7, 7])
    expect(fixed.actions.map((a) => a.eventId)).toContain(stake.eventId)
    // a rebuild gives the same match
    const rebuilt = await call<MatchView>('matches:get', { id: m.id })
    expect(rebuilt.skipped).toEqual(fixed.skipped)
    // undoing the correction brings the stake back: round 3 is as it was played
    const undone = await call<MatchView>('matches:undo', { id: m.id })
    expect(undone.skipped).toEqual([])
    expect(es(undone)).toEqual(es(last))
    // four 1s in round 1 and the 1 of round 2 make five: the round 2 grid becomes impossible (EN-V5), and so
    // does every entry after it (round 2 is never revealed)
    const clash = await call<CorrectionPreview>('matches:preview-correction', {
      ...correction,
      action: { type: 'reveal', grid: [1, 1, 1, 1, 3, 6, 2, 8, 9] },
    })
    expect(clash.leftOut[0]).toMatchObject({ index: 9, entry: 'Round 2 reveal' })
    expect(clash.leftOut[0]!.reason).toMatch(/^Too many 1s/)
    expect(clash.leftOut.map((l) => l.index)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18])
    expect(clash.message).toMatch(/entries 9, 10, .* and 18 become impossible and are left out/)
    // a correction that is itself impossible gets the engine's own message
    await refused(
      'matches:preview-correction',
      { ...correction, action: { type: 'reveal', grid: [0, 7, 4, 5, 3, 6, 1, 8, 9] } },
      'invalid-card',
    )
  })

  it('lists a changed winner after round 4, and a call that sets aside another number of cubes', async () => {
    const ana = await call<Player>('players:create', { name: 'Ana2' })
    const bo = await call<Player>('players:create', { name: 'Bo2' })
    m = await call<MatchView>('matches:create', { gameId: 'ennea', playerIds: [ana.id, bo.id] })
    // round 1: Ana stakes R1C1 and R1C2 and calls; Bo's final Pass. Entered 2 6 … : Row 1 = 8 fails
    await act({ type: 'stake', cell: 0, seat: 0 })
    await act({ type: 'pass', seat: 1 })
    await act({ type: 'stake', cell: 1, seat: 0 })
    await act({ type: 'pass', seat: 1 })
    await act({ type: 'ennea', seat: 0 })
    await act({ type: 'pass', seat: 1 })
    const reveal = await act({ type: 'reveal', grid: G1_SWAPPED })
    // rounds 2 to 4: the starter calls at once, the other passes; nobody stakes, so both lose the minimum 1
    let v = reveal
    for (const grid of [
      [9, 8, 7, 6, 5, 4, 3, 2, 1],
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      [5, 6, 7, 8, 9, 1, 2, 3, 4],
    ]) {
      const starter = es(v).toAct as number
      await act({ type: 'ennea', seat: starter })
      await act({ type: 'pass', seat: 1 - starter })
      v = await act({ type: 'reveal', grid })
    }
    expect(es(v).totals).toEqual([5, 5])
    expect(v.game.winners).toEqual([1]) // tied: Bo's call in round 4 is the latest (EN-R24)
    const target = reveal.actions[6]!
    const preview = await call<CorrectionPreview>('matches:preview-correction', {
      id: m.id,
      eventId: target.eventId,
      action: { type: 'reveal', grid: G1 },
    })
    expect(preview.target.changes).toEqual(['Ana2: 9 → 9 cubes, loses 0 cubes (was 9 → 8, lost 1 cube).'])
    const byEntry = Object.fromEntries(preview.later.map((l) => [l.entry, l.changes]))
    // Ana calls in round 3 with one cube more in her pool
    expect(byEntry["Ana2's ENNEA call"]).toEqual(['Ana2: uses 8 cubes, not 7; 0 left in the pool after it (was 0).'])
    expect(byEntry['Round 4 reveal']).toEqual([
      'Ana2: 7 → 6 cubes, loses 1 cube (was 6 → 5, lost 1 cube).',
      expect.stringMatching(/^Ana2 wins .*\(was: .*Bo2.*\)$/),
    ])
    const applied = await call<MatchView>('matches:correct', {
      id: m.id,
      eventId: target.eventId,
      action: { type: 'reveal', grid: G1 },
      confirmed: preview.token,
    })
    expect(es(applied).totals).toEqual([6, 5])
    expect(applied.game.winners).toEqual([0])
  })

  it('in a game without words of its own, lists the scores that change', async () => {
    const ana = await call<Player>('players:create', { name: 'Ana3' })
    const bo = await call<Player>('players:create', { name: 'Bo3' })
    m = await call<MatchView>('matches:create', { gameId: 'nine', playerIds: [ana.id, bo.id] })
    const first = await act({ type: 'round', declarer: 0, totals: [3, 10] })
    await act({ type: 'round', declarer: 0, totals: [2, 5] })
    const preview = await call<CorrectionPreview>('matches:preview-correction', {
      id: m.id,
      eventId: first.actions[0]!.eventId,
      action: { type: 'round', declarer: 0, totals: [3, 12] },
    })
    expect(preview.target.changes).toEqual(['Bo3: 12 (was 10).'])
    expect(preview.later.map((l) => [l.index, l.changes])).toEqual([[2, ['Bo3: 17 (was 15).']]])
  })
})
