/**
 * The controllers' tests run with no page: the globals a controller touches (document lookups, the
 * element classes it tests a key's target against, location) are stand-ins that match nothing, so
 * every key lands "on the page", as when nothing is focused. Installed for the calling test file
 * (before its tests, put back after them).
 */
import { afterAll, beforeAll } from 'vitest'

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
