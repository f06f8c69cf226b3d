import { describe, expect, it } from 'vitest'
import { decodeClubCode, encodeClubCode, newClubSecret } from '../../../src/core/sync/club-code'
import { fromWire, toWire } from '../../../src/core/sync/sign'

describe('club code', () => {
  it('round-trips the club id and key, read as a person would type it', () => {
    for (let i = 0; i < 50; i++) {
      const s = newClubSecret()
      const code = encodeClubCode(s)
      expect(code).toMatch(/^NK1(-[0-9A-HJKMNP-TV-Z]{1,5})+$/)
      for (const typed of [code, code.toLowerCase(), code.replace(/-/g, ' '), ` ${code.replace(/-/g, '')} `]) {
        const back = decodeClubCode(typed)
        expect(back).toEqual({ ok: true, value: { clubId: s.clubId, key: s.key } })
      }
    }
  })

  it('reads O as 0 and I or L as 1, the letters a code never has', () => {
    const s = newClubSecret()
    const code = encodeClubCode(s)
    const fuzzy = code.slice(0, 4) + code.slice(4).replace(/0/g, 'O').replace(/1/g, 'l')
    expect(decodeClubCode(fuzzy)).toEqual({ ok: true, value: { clubId: s.clubId, key: s.key } })
  })

  it('refuses another text, a cut code and a typing mistake, each with its own words', () => {
    const code = encodeClubCode(newClubSecret())
    const refuse = (c: string) => {
      const r = decodeClubCode(c)
      if (r.ok) throw new Error(`accepted ${c}`)
      return r.error
    }
    expect(refuse('hello').message).toMatch(/starts with NK1/)
    expect(refuse(code.slice(0, -3)).message).toMatch(/incomplete/)
    // One character changed anywhere is caught: by the check characters, or for the last one (which
    // also carries spare bits, always zero) by those bits. A fixed code keeps this exact: with random
    // codes a 16-bit check lets one change in 65,536 through.
    const fixed = encodeClubCode({
      clubId: '0190f5c2-1111-4222-8333-444455556666',
      key: Buffer.from('00112233445566778899aabbccddeeff', 'hex'),
    })
    const body = fixed.replace(/-/g, '').slice(3)
    for (let i = 0; i < body.length; i++) {
      const changed = `NK1${body.slice(0, i)}${body[i] === 'Z' ? 'Y' : 'Z'}${body.slice(i + 1)}`
      expect(refuse(changed).code).toBe('invalid-club-code')
    }
  })
})

describe('event signatures', () => {
  const s = newClubSecret()
  const row = {
    id: 'e1',
    device_id: 'd1',
    device_seq: 3,
    hlc: '000001764504000000.000001.d1',
    kind: 'player.created',
    v: 1,
    subject: 'p1',
    payload: '{"name":"Ana","color":null}',
  }

  it('accepts a row as signed, and any change to any field is refused', () => {
    const w = toWire(s.key, s.clubId, row)
    expect(fromWire(s.key, s.clubId, w as never)).toEqual({ ok: true, row, deviceSig: null })
    for (const [k, v] of Object.entries({
      id: 'e2',
      device: 'd2',
      seq: 4,
      hlc: '000001764504000000.000002.d1',
      kind: 'player.renamed',
      v: 2,
      subject: 'p2',
      payload: '{"name":"Eve","color":null}',
    })) {
      const r = fromWire(s.key, s.clubId, { ...w, [k]: v })
      expect(r.ok).toBe(false)
    }
    expect(fromWire(newClubSecret().key, s.clubId, w as never)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('signature'),
    })
    expect(fromWire(s.key, newClubSecret().clubId, w as never)).toEqual({
      ok: false,
      reason: 'it belongs to another club',
    })
  })
})
