/**
 * The board code's check characters catch every single changed character and every swap of two neighbouring
 * characters, for any valid board (a property test over generated boards; every mutation is tried).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeEnneaBoard, encodeEnneaBoard, type EnneaBoardDraft } from '../../../../src/shared/games/ennea'

/** Every character that can appear in a code (its alphabet), plus a few that cannot. */
const CHARS = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-?', 'a', ' ', '_']

/** Valid boards: 2 to 4 players, each card 1–9 or not revealed, at most four of a value, cubes within the totals. */
const boardArb: fc.Arbitrary<EnneaBoardDraft> = fc
  .record({
    players: fc.integer({ min: 2, max: 4 }),
    values: fc.array(fc.option(fc.integer({ min: 1, max: 9 }), { nil: null, freq: 5 }), { minLength: 9, maxLength: 9 }),
    masks: fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 9, maxLength: 9 }),
    totals: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 4 }),
  })
  .map(({ players, values, masks, totals }) => {
    const seen = new Map<number, number>()
    const grid = values.map((v) => {
      if (v === null) return null
      const n = (seen.get(v) ?? 0) + 1
      seen.set(v, n)
      return n > 4 ? null : v
    })
    const cap = Math.min(3, players)
    const stakes = masks.map((m) => {
      const on: number[] = []
      for (let s = 0; s < players; s++) if (m & (1 << s) && on.length < cap) on.push(s)
      return on
    })
    const staked = new Array<number>(players).fill(0)
    for (const on of stakes) for (const s of on) staked[s] = (staked[s] ?? 0) + 1
    return { grid, stakes, totals: totals.slice(0, players).map((t, s) => Math.max(t, staked[s] ?? 0)) }
  })

function mutations(code: string): string[] {
  const out = new Set<string>()
  for (let i = 0; i < code.length; i++) {
    for (const ch of CHARS) out.add(code.slice(0, i) + ch + code.slice(i + 1))
    if (i + 1 < code.length) out.add(code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2))
  }
  out.delete(code)
  // a lower-case copy of the same character is the same code (codes are read case-insensitively)
  return [...out].filter((m) => m.toUpperCase() !== code)
}

describe('Ennea board code check characters', () => {
  it('every generated board gets a code that decodes back to it', () => {
    fc.assert(
      fc.property(boardArb, (board) => {
        const code = encodeEnneaBoard(board)
        expect(code).not.toBe('')
        expect(decodeEnneaBoard(code)).toEqual({ ok: true, value: board })
      }),
      { numRuns: 300 },
    )
  })

  it('no single substitution and no adjacent swap of any code is accepted', () => {
    let tried = 0
    fc.assert(
      fc.property(boardArb, (board) => {
        const code = encodeEnneaBoard(board)
        for (const m of mutations(code)) {
          tried++
          const r = decodeEnneaBoard(m)
          if (r.ok) throw new Error(`${m} (from ${code}) was accepted`)
        }
      }),
      { numRuns: 150 },
    )
    expect(tried).toBeGreaterThan(150 * 1000)
  })

  it('catches the issue’s typo: the first card changed from 2 to 5', () => {
    const code = encodeEnneaBoard({
      grid: [2, 7, 4, 5, 3, 6, 1, 8, 9],
      stakes: [[0], [0], [0, 1], [], [], [], [], [], []],
      totals: [9, 8, 6],
    })
    const typo = code.replace('-274536189-', '-574536189-')
    expect(typo).not.toBe(code)
    expect(decodeEnneaBoard(typo)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/check characters do not match/) },
    })
  })
})
