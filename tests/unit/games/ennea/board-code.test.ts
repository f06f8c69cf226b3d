import { describe, expect, it } from 'vitest'
import {
  decodeEnneaBoard,
  encodeEnneaBoard,
  enneaBoardCode,
  readEnneaBoardCode,
  resolveEnneaBoard,
  type EnneaBoardDraft,
} from '../../../../src/shared/games/ennea'
import { codeCheck } from '../../../../src/shared/games/ennea/board-code'

/** A code for any body, valid or not, so the decoder's own checks can be reached (the encoder refuses bad boards). */
const rawCode = (body: string): string => `${body}-${codeCheck(body)}`

const G08: EnneaBoardDraft = {
  grid: [2, 3, 7, 6, 4, 5, 1, 8, 9],
  stakes: [[0], [0], [], [], [0], [0], [], [], []],
  totals: [9, 9],
}

describe('Ennea board code', () => {
  it('encodes the documented example exactly', () => {
    const code = encodeEnneaBoard({
      totals: [9, 9, 9],
      grid: [2, 7, 4, 5, 3, 6, 1, 8, 9],
      stakes: [[0, 1], [0], [], [], [], [], [], [], []],
    })
    expect(code).toBe(`EN2-999-274536189-310000000-${codeCheck('EN2-999-274536189-310000000')}`)
    expect(code).toMatch(/-[0-9A-Z]{2}$/)
  })

  it('round-trips boards with 2 to 4 players, unknown cubeless cards and shared cards', () => {
    const boards: EnneaBoardDraft[] = [
      G08,
      {
        grid: [3, 6, 2, 4, 5, 1, 8, 7, 9],
        stakes: [[3], [3], [], [0], [0, 1, 2], [2], [3], [1], []],
        totals: [9, 7, 5, 8],
      },
      { grid: [null, 7, 4, 5, 3, 6, 1, 8, null], stakes: [[], [1, 2], [2], [], [], [], [], [], []], totals: [0, 3, 9] },
    ]
    for (const b of boards) {
      const r = decodeEnneaBoard(encodeEnneaBoard(b))
      expect(r).toEqual({ ok: true, value: b })
    }
  })

  it('decodes with lower case and stray spaces, and the decoded board resolves like the original (EN-G08)', () => {
    const code = encodeEnneaBoard(G08)
    const r = decodeEnneaBoard(`  ${code.toLowerCase().replace(/-/g, ' - ')} `)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const res = resolveEnneaBoard({ ...r.value, grid: r.value.grid as number[] })
    expect(res.ok && res.value.seats[0]?.total).toBe(7)
  })

  it('refuses text that is not a code', () => {
    for (const bad of ['', 'hello', 'EN1-999', 42, null]) {
      const r = decodeEnneaBoard(bad)
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message).toMatch(/board code/)
    }
    const other = decodeEnneaBoard('EN3-99-123456789-000000000-00')
    expect(!other.ok && other.error.message).toMatch(/another version \(EN3\)/)
  })

  it('catches a changed character through the check characters', () => {
    const code = encodeEnneaBoard(G08)
    const parts = code.split('-')
    const tampered = [parts[0], parts[1], parts[2]!.replace('2', '4'), parts[3], parts[4]].join('-')
    const r = decodeEnneaBoard(tampered)
    expect(!r.ok && r.error.message).toMatch(/check character/)
  })

  it('refuses malformed parts with a message that names the part', () => {
    expect(decodeEnneaBoard('EN2-9-274536189-000000000-00')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/cube total/) },
    })
    expect(decodeEnneaBoard('EN2-99-274536180-000000000-00')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/card values/) },
    })
    expect(decodeEnneaBoard('EN2-99-274536189-00000000G-00')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/hexadecimal/) },
    })
  })

  it('refuses impossible boards with the resolver’s SPEC messages', () => {
    // four players' cubes on one card
    expect(decodeEnneaBoard(rawCode('EN2-9999-123456789-F00000000'))).toMatchObject({
      ok: false,
      error: { message: 'R1C1 holds 4 cubes; a card holds at most 3.' },
    })
    // more staked than owned (EN-V12)
    expect(decodeEnneaBoard(rawCode('EN2-92-123456789-222000000'))).toMatchObject({
      ok: false,
      error: { message: 'P2 has 3 cubes on the grid but only 2 cubes in total.' },
    })
    // four of a value plus an unknown card under a cube: the count is still checked
    expect(decodeEnneaBoard(rawCode('EN2-99-?66666789-100000000'))).toMatchObject({
      ok: false,
      error: { message: 'This grid has five 6s; the deck has only four of each value.' },
    })
    // more cubes than the total, one of them on an unknown card: still refused
    expect(decodeEnneaBoard(rawCode('EN2-91-?23456789-220000000'))).toMatchObject({
      ok: false,
      error: { message: 'P2 has 2 cubes on the grid but only 1 cube in total.' },
    })
    // five of a value in one grid (EN-V4)
    expect(decodeEnneaBoard(rawCode('EN2-99-666661234-000000000'))).toMatchObject({
      ok: false,
      error: { message: 'This grid has five 6s; the deck has only four of each value.' },
    })
  })

  it('gives a code only to a valid board: no NaN, no 10 clamped to 9, no 10 turned into "not revealed"', () => {
    const base: EnneaBoardDraft = {
      grid: [2, 7, 4, 5, 3, 6, 1, 8, 9],
      stakes: [[0], [0], [], [], [], [], [], [], []],
      totals: [9, 9],
    }
    const cases: [EnneaBoardDraft, RegExp][] = [
      [{ ...base, totals: [Number.NaN, 9] }, /P1's cube total must be a whole number from 0 to 9/],
      [{ ...base, totals: [10, 9] }, /P1's cube total must be a whole number from 0 to 9/],
      [{ ...base, grid: [10, 7, 4, 5, 3, 6, 1, 8, 9] }, /R1C1: Ennea uses only Ace–9/],
      [{ ...base, grid: [2, 7, 4, 5, 3, 6, 1, 8, 0] }, /R3C3: Ennea uses only Ace–9/],
      [{ ...base, grid: [2.5, 7, 4, 5, 3, 6, 1, 8, 9] }, /R1C1: Ennea uses only Ace–9/],
      [{ ...base, stakes: [[0], [0], [2], [], [], [], [], [], []] }, /R1C3 lists a seat that is not at the table/],
      [{ ...base, totals: [9] }, /2 to 4 players/],
    ]
    for (const [board, message] of cases) {
      const r = enneaBoardCode(board)
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.message).toMatch(/^No code for this board: /)
      if (!r.ok) expect(r.error.message).toMatch(message)
      expect(encodeEnneaBoard(board)).toBe('')
    }
    expect(enneaBoardCode(base)).toEqual({ ok: true, value: encodeEnneaBoard(base) })
  })

  it('reads an old EN1 code with a note to check it', () => {
    // made by version 1 of the encoder (one check character)
    const r = readEnneaBoardCode('EN1-999-274536189-310000000-5')
    expect(r).toEqual({
      ok: true,
      value: {
        board: {
          totals: [9, 9, 9],
          grid: [2, 7, 4, 5, 3, 6, 1, 8, 9],
          stakes: [[0, 1], [0], [], [], [], [], [], [], []],
        },
        version: 1,
        note: expect.stringMatching(/^Old code \(EN1\) — check it/),
      },
    })
    expect(decodeEnneaBoard('EN1-999-274536189-310000000-5').ok).toBe(true)
    // the issue's typo in an old code: still caught only when version 1's check catches it; the note asks for a check
    expect(readEnneaBoardCode('EN1-999-274536189-310000000-6').ok).toBe(false)
    const current = readEnneaBoardCode(encodeEnneaBoard(G08))
    expect(current.ok && current.value.note).toBe(null)
    expect(current.ok && current.value.version).toBe(2)
  })

  it('keeps an incomplete board (a card under cubes not revealed yet): the resolver then asks for its value (EN-V13)', () => {
    const board: EnneaBoardDraft = {
      grid: [null, 2, 3, 4, 5, 6, 7, 8, 9],
      stakes: [[0], [0], [], [], [], [], [], [], []],
      totals: [9, 9],
    }
    const r = decodeEnneaBoard(encodeEnneaBoard(board))
    expect(r).toEqual({ ok: true, value: board })
    expect(resolveEnneaBoard({ ...board, grid: board.grid as number[] })).toMatchObject({
      ok: false,
      error: { message: 'Enter the value of R1C1; it holds cubes.' },
    })
  })

  it('refuses a cube of a seat that is not at the table, naming the seat and the card', () => {
    // mask 8 = seat 3 (P4) on R1C2 with only 3 players
    expect(decodeEnneaBoard(rawCode('EN2-999-123456789-080000000'))).toMatchObject({
      ok: false,
      error: { message: 'The code puts a cube of P4 on R1C2, but its totals list only 3 players (P1 to P3).' },
    })
    expect(decodeEnneaBoard(rawCode('EN2-99-123456789-00C000000'))).toMatchObject({
      ok: false,
      error: { message: 'The code puts a cube of P3 and P4 on R1C3, but its totals list only 2 players (P1 to P2).' },
    })
  })
})

describe("the example code in the app's own messages", () => {
  it('is a real code: pasted, it loads the board it shows', () => {
    const r = readEnneaBoardCode('not a code')
    expect(r.ok).toBe(false)
    if (r.ok) return
    const example = /looks like (EN2-[0-9A-Z?-]+)\./.exec(r.error.message)?.[1]
    expect(example).toBeDefined()
    const pasted = readEnneaBoardCode(example)
    expect(pasted.ok && pasted.value.board).toEqual({
      grid: [2, 7, 4, 5, 3, 6, 1, 8, 9],
      stakes: [[0, 1], [0], [], [], [], [], [], [], []],
      totals: [9, 9, 9],
    })
  })
})
