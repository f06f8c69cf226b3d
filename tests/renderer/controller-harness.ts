/**
 * What the match screens' controller tests share. They run with no page: the globals a controller
 * touches (document lookups, the element classes it tests a key's target against, location) are
 * stand-ins that match nothing, so every key lands "on the page", as when nothing is focused
 * (withoutPage, installed for the calling test file). Each test opens a two-player match through a
 * real core (bridge.ts) and presses keys at its controller.
 */
import { afterAll, beforeAll } from 'vitest'
import type { GameId } from '../../src/shared/games/engine'
import type { MatchView } from '../../src/shared/model/match'
import { MatchState } from '../../src/renderer/src/state/match.svelte'
import type { bridgedCore } from './bridge'

/** The element class a test can aim a key at, as if typed into a text field. */
export class FakeInput {}

export function withoutPage(): { location: { hash: string } } {
  const page = {
    document: { getElementById: () => null, querySelector: () => null, activeElement: null },
    location: { hash: '' },
    HTMLElement: class {},
    HTMLInputElement: FakeInput,
    HTMLTextAreaElement: class {},
    HTMLSelectElement: class {},
    HTMLButtonElement: class {},
  }
  const g = globalThis as Record<string, unknown>
  const saved = Object.fromEntries(Object.keys(page).map((k) => [k, g[k]]))
  beforeAll(() => void Object.assign(g, page))
  afterAll(() => void Object.assign(g, saved))
  return page
}

/** Ana and Bo's new match of `gameId`, loaded as its screen loads it. */
export async function twoPlayerMatch(bridge: ReturnType<typeof bridgedCore>, gameId: GameId): Promise<MatchState> {
  const [ana, bo] = [await bridge.player('Ana'), await bridge.player('Bo')]
  const m = await bridge.direct<MatchView>('matches:create', { gameId, playerIds: [ana.id, bo.id] })
  const match = new MatchState(m.id)
  await match.load()
  return match
}

/** The actions stored in the database (not the page's view of them). */
export async function storedActions(bridge: ReturnType<typeof bridgedCore>, id: string): Promise<unknown[]> {
  return (await bridge.direct<MatchView>('matches:get', { id })).actions.map((a) => a.action)
}

/**
 * A key press sent to a controller's keydown handler, from a page where nothing is focused unless
 * `target` aims it at an entry; true when the controller took it (preventDefault).
 */
export function pressKey(
  onkeydown: (e: KeyboardEvent) => void,
  key: string,
  mods: { altKey?: boolean; ctrlKey?: boolean; target?: unknown } = {},
): boolean {
  let taken = false
  const event = {
    key,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    isTrusted: true,
    target: null,
    ...mods,
    defaultPrevented: false,
    preventDefault: () => (taken = true),
  }
  onkeydown(event as unknown as KeyboardEvent)
  return taken
}
