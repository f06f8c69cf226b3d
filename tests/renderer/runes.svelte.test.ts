/** The renderer project runs rune modules as the page does: effects re-run, deriveds follow their state. */
import { flushSync } from 'svelte'
import { expect, it } from 'vitest'
import { PlayersState } from '../../src/renderer/src/state/players.svelte'

it('re-runs an effect when the state it read changes (Svelte client runtime, not the server one)', () => {
  const s = new PlayersState()
  const seen: number[] = []
  const stop = $effect.root(() => {
    $effect(() => {
      seen.push(s.visible.length)
    })
  })
  flushSync()
  s.all = [
    {
      id: 'a',
      name: 'Ana',
      color: null,
      archived: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      matchCount: 0,
    },
  ]
  flushSync()
  s.search = 'zz'
  flushSync()
  stop()
  expect(seen).toEqual([0, 1, 0])
})
