import { describe, expect, it } from 'vitest'
import { decodeEnneaBoard, encodeEnneaBoard, resolveEnneaBoard, type EnneaBoardDraft } from '../../../../src/shared/games/ennea'

const G08: EnneaBoardDraft = {
  grid: [2, 3, 7, 6, 4, 5, 1, 8, 9],
  stakes: [[0], [0], [], [], [0], [0], [], [], []],
  totals: [9, 9],
}

describe('Ennea board code', () => {
  it('encodes the documented example exactly', () => {
    const code = encodeEnneaBoard({ totals: [9, 9, 9], grid: [2, 7, 4, 5, 3, 6, 1, 8, 9], stakes: [[0, 1], [0], [], [], [], [], [], [], []] })
    expect(code).toBe('EN1-999-274536189-310000000-5')
  })

  it('round-trips boards with 2 to 4 players, unknown cubeless cards and shared cards', () => {
    const boards: EnneaBoardDraft[] = [
      G08,
      { grid: [3, 6, 2, 4, 5, 1, 8, 7, 9], stakes: [[3], [3], [], [0], [0, 1, 2], [2], [3], [1], []], totals: [9, 7, 5, 8] },
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
    const other = decodeEnneaBoard('EN2-99-123456789-000000000-0')
    expect(!other.ok && other.error.message).toMatch(/another version \(EN2\)/)
  })

  it('catches a changed character through the check character', () => {
    const code = encodeEnneaBoard(G08)
    const parts = code.split('-')
    const tampered = [parts[0], parts[1], parts[2]!.replace('2', '4'), parts[3], parts[4]].join('-')
    const r = decodeEnneaBoard(tampered)
    expect(!r.ok && r.error.message).toMatch(/check character/)
  })

  it('refuses malformed parts with a message that names the part', () => {
    expect(decodeEnneaBoard('EN1-9-274536189-000000000-0')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/cube total/) } })
    expect(decodeEnneaBoard('EN1-99-274536180-000000000-0')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/card values/) } })
    expect(decodeEnneaBoard('EN1-99-274536189-00000000G-0')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/hexadecimal/) } })
  })

  it('refuses impossible boards with the resolver’s SPEC messages', () => {
    // four players' cubes on one card
    const four = encodeEnneaBoard({ grid: [1, 2, 3, 4, 5, 6, 7, 8, 9], stakes: [[0, 1, 2, 3], [], [], [], [], [], [], [], []], totals: [9, 9, 9, 9] })
    expect(decodeEnneaBoard(four)).toMatchObject({ ok: false, error: { message: 'R1C1 holds 4 cubes; a card holds at most 3.' } })
    // more staked than owned (EN-V12)
    const more = encodeEnneaBoard({ grid: [1, 2, 3, 4, 5, 6, 7, 8, 9], stakes: [[1], [1], [1], [], [], [], [], [], []], totals: [9, 2] })
    expect(decodeEnneaBoard(more)).toMatchObject({ ok: false, error: { message: 'P2 has 3 cubes on the grid but only 2 cubes in total.' } })
    // four of a value plus an unknown card under a cube: the count is still checked
    const hiddenFive = encodeEnneaBoard({ grid: [null, 6, 6, 6, 6, 6, 7, 8, 9], stakes: [[0], [], [], [], [], [], [], [], []], totals: [9, 9] })
    expect(decodeEnneaBoard(hiddenFive)).toMatchObject({ ok: false, error: { message: 'This grid has five 6s; the deck has only four of each value.' } })
    // more cubes than the total, one of them on an unknown card: still refused
    const hiddenMore = encodeEnneaBoard({ grid: [null, 2, 3, 4, 5, 6, 7, 8, 9], stakes: [[1], [1], [], [], [], [], [], [], []], totals: [9, 1] })
    expect(decodeEnneaBoard(hiddenMore)).toMatchObject({ ok: false, error: { message: 'P2 has 2 cubes on the grid but only 1 cube in total.' } })
    // five of a value in one grid (EN-V4)
    const five = encodeEnneaBoard({ grid: [6, 6, 6, 6, 6, 1, 2, 3, 4], stakes: Array.from({ length: 9 }, () => []), totals: [9, 9] })
    expect(decodeEnneaBoard(five)).toMatchObject({ ok: false, error: { message: 'This grid has five 6s; the deck has only four of each value.' } })
  })

  it('keeps an incomplete board (a card under cubes not revealed yet): the resolver then asks for its value (EN-V13)', () => {
    const board: EnneaBoardDraft = { grid: [null, 2, 3, 4, 5, 6, 7, 8, 9], stakes: [[0], [0], [], [], [], [], [], [], []], totals: [9, 9] }
    const r = decodeEnneaBoard(encodeEnneaBoard(board))
    expect(r).toEqual({ ok: true, value: board })
    expect(resolveEnneaBoard({ ...board, grid: board.grid as number[] })).toMatchObject({
      ok: false,
      error: { message: 'Enter the value of R1C1; it holds cubes.' },
    })
  })

  it('refuses a cube of a seat that is not at the table', () => {
    // mask 4 = seat 2, with only 2 players; build the code by hand with a valid check character
    const base = encodeEnneaBoard({ grid: [1, 2, 3, 4, 5, 6, 7, 8, 9], stakes: Array.from({ length: 9 }, () => []), totals: [9, 9] })
    const body = base.slice(0, base.lastIndexOf('-')).replace(/-000000000$/, '-400000000')
    const withCheck = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((ch) => `${body}-${ch}`).map(decodeEnneaBoard)
    expect(withCheck.some((r) => !r.ok && /only 2 players/.test(r.error.message))).toBe(true)
  })
})
