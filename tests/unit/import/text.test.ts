/**
 * The bytes of an imported CSV become text before it is split (src/shared/import/text.ts): a byte-order
 * mark says UTF-8 or UTF-16, else valid UTF-8 is UTF-8 and anything else Windows-1252 (Latin-1), read with
 * TextDecoder, and the names keep their accents through parseCsv.
 */
import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../../src/shared/import/csv'
import { decodeImportBytes } from '../../../src/shared/import/text'

const CSV = 'date,game,player,score,winner\n2024-03-01,Nine,José,3,yes\n2024-03-01,Nine,Müller,5,no\n'

function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => {
    const code = c.charCodeAt(0)
    if (code > 0xff) throw new Error(`${c} is not Latin-1`)
    return code
  })
}

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2)
  out.set(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff])
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    out[2 + i * 2] = littleEndian ? code & 0xff : code >> 8
    out[3 + i * 2] = littleEndian ? code >> 8 : code & 0xff
  }
  return out
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

describe('decodeImportBytes', () => {
  it.each([
    ['Latin-1 (é = e9, ü = fc)', latin1(CSV), 'Windows-1252'],
    ['UTF-8 without a BOM', utf8(CSV), 'UTF-8'],
    ['UTF-8 with a BOM', Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(CSV)]), 'UTF-8 with BOM'],
    ['UTF-16 LE with its BOM', utf16(CSV, true), 'UTF-16 LE'],
    ['UTF-16 BE with its BOM', utf16(CSV, false), 'UTF-16 BE'],
  ])('reads %s and the names keep é and ü', (_name, bytes, encoding) => {
    const decoded = decodeImportBytes(bytes)
    expect(decoded).toEqual({ ok: true, text: CSV, encoding })
    if (!decoded.ok) return
    const file = parseCsv(decoded.text, decoded.encoding)
    expect(file.problems).toEqual([])
    expect(file.plays[0]?.seats.map((s) => s.name)).toEqual(['José', 'Müller'])
  })

  it('reads the Latin-1 bytes as they are: é and ü are single bytes, not UTF-8 sequences', () => {
    const bytes = latin1('player\nJosé Müller\n')
    expect(bytes).toContain(0xe9)
    expect(bytes).toContain(0xfc)
    expect(new TextDecoder('utf-8').decode(bytes)).toContain('\uFFFD') // what a plain UTF-8 read makes of them
    expect(decodeImportBytes(bytes)).toMatchObject({ ok: true, text: 'player\nJosé Müller\n' })
  })
})
