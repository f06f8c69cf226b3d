/** The tab bar's keys (components/tab-keys.ts), shared by the Stats and Club screens' tab bars. */
import { describe, expect, it } from 'vitest'
import { tabKeyTarget } from '../../src/renderer/src/components/tab-keys'

describe('tabKeyTarget', () => {
  it('moves right and left one tab, wrapping around at either end', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1)
    expect(tabKeyTarget('ArrowRight', 1, 3)).toBe(2)
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0)
    expect(tabKeyTarget('ArrowLeft', 2, 3)).toBe(1)
    expect(tabKeyTarget('ArrowLeft', 1, 3)).toBe(0)
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2)
  })

  it('goes to the first tab on Home and the last on End, from anywhere', () => {
    for (const i of [0, 3, 6]) {
      expect(tabKeyTarget('Home', i, 7)).toBe(0)
      expect(tabKeyTarget('End', i, 7)).toBe(6)
    }
  })

  it('leaves every other key to the browser', () => {
    for (const key of ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'PageDown', 'a', 'arrowright', 'home'])
      expect(tabKeyTarget(key, 1, 3)).toBeNull()
  })

  it('a single tab stays where it is; no tabs, no target', () => {
    for (const key of ['ArrowRight', 'ArrowLeft', 'Home', 'End']) expect(tabKeyTarget(key, 0, 1)).toBe(0)
    for (const key of ['ArrowRight', 'ArrowLeft', 'Home', 'End']) expect(tabKeyTarget(key, 0, 0)).toBeNull()
  })
})
