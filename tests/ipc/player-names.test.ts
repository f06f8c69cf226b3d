/**
 * Issue 11, finding 6: a player name is well-formed text with something visible in it, and none of
 * the characters that hide or reorder what is shown. Through the real service and SQLite file too.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { validatePlayerName } from '../../src/shared/model/player'
import { snapshot, tempCore } from '../helpers/tmp'

describe('validatePlayerName', () => {
  it.each([
    ['a lone high surrogate', 'Ana\uD800', /broken character/],
    ['a lone low surrogate', '\uDC00Bo', /broken character/],
    ['a reversed pair', 'x\uDC00\uD800', /broken character/],
    ['a C1 control (NEL)', 'Ana\u0085', /control characters/],
    ['a C1 control (CSI)', '\u009bBo', /control characters/],
    ['a C0 control', 'Tab\u0007Bell', /control characters/],
    ['DEL', 'Ana\u007f', /control characters/],
    ['a right-to-left override', 'Ana\u202Egpj.exe', /text-direction/],
    ['a left-to-right embedding', '\u202ABo', /text-direction/],
    ['a first-strong isolate', 'Ana\u2068x\u2069', /text-direction/],
    ['a pop directional isolate', 'Ana\u2069', /text-direction/],
    ['only zero-width spaces', '\u200B\u200B\u200B', /visible/],
    ['only a zero-width joiner and BOM-like marks', '\u200D\u2060\u200C', /visible/],
    ['40 bare combining marks', '\u0301'.repeat(40), /visible/],
    ['combining marks and zero-width spaces', '\u0301\u200B\u0308', /visible/],
    ['only spaces', '   ', /Enter a name/],
  ])('refuses %s with a clear message', (_label, raw, message) => {
    const r = validatePlayerName(raw)
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe('invalid-name')
      expect(r.error.field).toBe('name')
      expect(r.error.message).toMatch(message)
    }
  })

  it.each([
    ['Ana', 'Ana'],
    ['  Zoë   Smith ', 'Zoë Smith'],
    ['Ana\tBo\n', 'Ana Bo'],
    ['José', 'José'],
    ['😀', '😀'],
    ['👩‍👩‍👧', '👩‍👩‍👧'],
    ['محمد', 'محمد'],
    ['李小龍', '李小龍'],
    ['Ñ', 'Ñ'],
    ['R2-D2', 'R2-D2'],
    ['#1', '#1'],
  ])('accepts %j as %j', (raw, stored) => {
    expect(validatePlayerName(raw)).toEqual({ ok: true, value: stored })
  })
})

describe('names through the service', () => {
  const core = tempCore()
  afterAll(() => core.cleanup())

  it('stores nothing for a refused name, and a good name reads back exactly', async () => {
    const before = snapshot(core.db)
    for (const name of ['Ana\uD800', 'Ana\u0085', 'Ana\u202E', '\u200B\u200B', '\u0301'.repeat(40)]) {
      expect(await core.dispatch('players:create', { name }), JSON.stringify(name)).toMatchObject({
        ok: false,
        error: { code: 'invalid-name' },
      })
    }
    expect(snapshot(core.db)).toEqual(before)
    const r = await core.dispatch('players:create', { name: 'Zoë 😀' })
    expect(r).toMatchObject({ ok: true, value: { name: 'Zoë 😀' } })
    const id = r.ok ? (r.value as { id: string }).id : ''
    expect(await core.dispatch('players:rename', { id, name: 'Ana\uDBFF' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-name' },
    })
    const stored = core.db.prepare('SELECT name FROM players WHERE id = ?').pluck().get(id)
    expect(stored).toBe('Zoë 😀')
  })
})
