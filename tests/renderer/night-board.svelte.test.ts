/**
 * NightBoard (the night board's data, src/renderer/src/club/night-board.svelte.ts) over a real core: it
 * asks board:night again on the core's change notes (handed over as the desktop preload does), and a
 * burst of notes costs one call, never one per note; "now" ticks with no call.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { NightBoard, MIN_GAP_MS, TICK_MS } from '../../src/renderer/src/club/night-board.svelte'
import type { ChangeNote } from '../../src/shared/model/changes'
import { bridgedCore } from './bridge'

type Bridge = { invoke(channel: string, input: unknown): Promise<unknown>; onChanged?: unknown }

let bridge: ReturnType<typeof bridgedCore>
let calls = 0
beforeEach(() => {
  bridge = bridgedCore()
  const w = (globalThis as unknown as { window: { ninekeeper: Bridge } }).window
  const invoke = w.ninekeeper.invoke.bind(w.ninekeeper)
  calls = 0
  w.ninekeeper.invoke = (channel, input) => {
    if (channel === 'board:night') calls++
    return invoke(channel, input)
  }
  // The core's own change feed, as the preload's onChanged hands it to the page.
  w.ninekeeper.onChanged = (listener: (n: ChangeNote) => void) => bridge.core.changes.subscribe(listener)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
  bridge.cleanup()
})

it('asks again on change notes, once for a burst of them, and ticks its clock without asking', async () => {
  const board = new NightBoard('2026-11-30')
  const stop = board.start()
  await vi.advanceTimersByTimeAsync(0)
  expect(calls).toBe(1)
  expect(board.night?.tables).toEqual([])

  // Twenty writes in a row, each a note: one call, after the gap.
  const ana = await bridge.player('Ana')
  const bo = await bridge.player('Bo')
  const m = await bridge.direct<{ id: string }>('matches:create', {
    gameId: 'wild-nine',
    playerIds: [ana.id, bo.id],
    utcOffset: 0,
    options: { houseRules: { cutoff: 10000 } },
  })
  for (let i = 0; i < 17; i++)
    await bridge.direct('matches:apply', {
      id: m.id,
      action: { type: 'round', wentOut: i % 2, points: [i % 2 ? 3 : 0, i % 2 ? 0 : 3] },
    })
  expect(calls).toBe(1)
  await vi.advanceTimersByTimeAsync(MIN_GAP_MS)
  expect(calls).toBe(2)
  expect(board.night?.tables.map((t) => t.round)).toEqual([18])

  // The clock moves on by itself; no call.
  const before = board.now
  await vi.advanceTimersByTimeAsync(TICK_MS)
  expect(board.now).toBeGreaterThan(before)
  expect(calls).toBe(2)
  stop()
})
