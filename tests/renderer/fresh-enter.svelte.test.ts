/**
 * FreshEnter (the over-nine prompt's confirm button, NI-V7): a fresh Enter confirms; the Enter that
 * entered the deal, held (key repeats) or still down when the prompt took the focus, never does.
 */
import { describe, expect, it } from 'vitest'
import { FreshEnter } from '../../src/renderer/src/games/shared-sheet/fresh-enter.svelte'

function key(type: 'keydown' | 'keyup', k = 'Enter', repeat = false): KeyboardEvent & { prevented: boolean } {
  const e = { type, key: k, repeat, prevented: false, preventDefault: () => (e.prevented = true) }
  return e as unknown as KeyboardEvent & { prevented: boolean }
}

/** A key going down as the browser sends it: the window's capture listener first, then the button. */
function onButton(f: FreshEnter, e: KeyboardEvent): boolean {
  f.track(e)
  return f.accept(e)
}

describe('FreshEnter', () => {
  it('refuses the Enter that entered the deal, held and repeating, then takes a fresh press', () => {
    const f = new FreshEnter()
    f.track(key('keydown')) // on the last field: the deal is entered, the prompt comes up
    f.arm()
    const repeat = key('keydown', 'Enter', true)
    expect(onButton(f, repeat)).toBe(false)
    expect(repeat.prevented).toBe(true) // no click of its own either
    expect(onButton(f, key('keydown'))).toBe(false) // the keypad's Enter while the first is still down
    expect(f.refused).toBe(2)
    f.track(key('keyup'))
    expect(onButton(f, key('keydown'))).toBe(true)
  })

  it('takes the first Enter when the prompt came up with no key down (the deal entered by a click)', () => {
    const f = new FreshEnter()
    f.arm()
    expect(onButton(f, key('keydown'))).toBe(true)
    expect(f.refused).toBe(0)
  })

  it('forgets a held key when the window loses the focus, and leaves other keys alone', () => {
    const f = new FreshEnter()
    f.track(key('keydown'))
    f.track({ type: 'blur' } as FocusEvent)
    f.arm()
    const space = key('keydown', ' ')
    expect(f.accept(space)).toBe(false)
    expect(space.prevented).toBe(false)
    expect(onButton(f, key('keydown'))).toBe(true)
  })

  it('a key repeat is never a fresh press, even when nothing was seen going down', () => {
    const f = new FreshEnter()
    f.arm()
    expect(f.accept(key('keydown', 'Enter', true))).toBe(false)
    expect(f.refused).toBe(1)
  })
})
