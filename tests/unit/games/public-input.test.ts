/**
 * The public rules functions read their input into plain data and parse it before any rule runs
 * (input.ts readData, then each game's checks): bad input of each kind is refused with its own message,
 * input that cannot be read is named as such, and the rules themselves run outside any catch.
 */
import { describe, expect, it } from 'vitest'
import {
  encodeEnneaBoard,
  enneaBoardCode,
  enneaWinners,
  resolveEnneaBoard,
  type EnneaBoard,
} from '../../../src/shared/games/ennea'
import { READ_DATA_DEPTH, READ_DATA_LIMIT, readData } from '../../../src/shared/games/input'
import { scoreNineRound } from '../../../src/shared/games/nine'
import { senCanBlock, senCanDeclare, senTiebreak } from '../../../src/shared/games/seven-eight-nine'
import { parseWildNineCard, showInput } from '../../../src/shared/games/wild-nine/scoring'

const BOARD: EnneaBoard = {
  grid: [2, 7, 4, 5, 3, 6, 1, 8, 9],
  stakes: [[0], [0], [], [1], [1], [], [], [], []],
  totals: [9, 9],
}

/** An object whose `field` throws when read, as a getter or proxy of a caller may. */
function throwingAt<T extends object>(value: T, field: string): T {
  return new Proxy(value, {
    get(target, key, receiver) {
      if (key === field) throw new Error(`no ${field} today`)
      return Reflect.get(target, key, receiver) as unknown
    },
  })
}

function cyclic(): Record<string, unknown> {
  const board: Record<string, unknown> = { ...BOARD }
  board.self = board
  return board
}

describe('readData', () => {
  it('copies arrays and objects and keeps every other value as it is', () => {
    const input = { a: [1, NaN, undefined, null, 'x'], b: { c: true } }
    const r = readData(input)
    expect(r).toEqual({ ok: true, value: input })
    if (!r.ok) return
    expect(r.value).not.toBe(input)
    expect((r.value as typeof input).a).not.toBe(input.a)
    expect(Number.isNaN((r.value as typeof input).a[1])).toBe(true)
  })

  it('reads a hole in a list as undefined and keeps an own "__proto__" key a key', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(readData([1, , 3])).toEqual({ ok: true, value: [1, undefined, 3] })
    const r = readData(JSON.parse('{"__proto__":{"polluted":1}}'))
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype)
    expect(Object.keys(r.value as object)).toEqual(['__proto__'])
  })

  it('names why input cannot be read: a throwing getter, itself inside itself, too many values, too deep', () => {
    expect(readData(throwingAt({ a: 1 }, 'a'))).toEqual({ ok: false, message: 'reading it failed (no a today)' })
    expect(readData(cyclic())).toEqual({ ok: false, message: 'it contains itself' })
    expect(readData(new Array(READ_DATA_LIMIT + 1).fill(1))).toEqual({
      ok: false,
      message: `it holds more than ${READ_DATA_LIMIT} values`,
    })
    let deep: unknown = 1
    for (let i = 0; i <= READ_DATA_DEPTH; i++) deep = [deep]
    expect(readData(deep)).toEqual({ ok: false, message: `it is nested more than ${READ_DATA_DEPTH} levels deep` })
    // the same value twice side by side is not a cycle
    const shared = [1]
    expect(readData({ a: shared, b: shared }).ok).toBe(true)
  })
})

describe('resolveEnneaBoard parses its input first', () => {
  it('resolves a valid board as before', () => {
    const r = resolveEnneaBoard(BOARD)
    expect(r.ok).toBe(true)
  })

  it.each([
    ['wrong type', 'a board' as unknown, 'invalid-board', 'board'],
    ['missing field', { grid: BOARD.grid, stakes: BOARD.stakes }, 'player-count', 'totals'],
    ['out of range', { ...BOARD, totals: [9, 10] }, 'invalid-total', 'P2'],
    ['card out of range', { ...BOARD, grid: [0, 7, 4, 5, 3, 6, 1, 8, 9] }, 'invalid-card', 'R1C1'],
    ['NaN card', { ...BOARD, grid: [NaN, 7, 4, 5, 3, 6, 1, 8, 9] }, 'invalid-card', 'R1C1'],
  ])('refuses %s with its own code and field', (_kind, board, code, field) => {
    const r = resolveEnneaBoard(board as EnneaBoard)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe(code)
    expect(r.error.field).toBe(field)
  })

  it('refuses an unknown removal rule and rules it cannot read', () => {
    expect(resolveEnneaBoard(BOARD, { failedLineRemoval: 'ALL' as 'STRICT' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-rules', field: 'failedLineRemoval' },
    })
    expect(resolveEnneaBoard(BOARD, throwingAt({ failedLineRemoval: 'STRICT' as const }, 'failedLineRemoval'))).toEqual(
      {
        ok: false,
        error: {
          code: 'invalid-rules',
          message: 'These house rules could not be read: reading it failed (no failedLineRemoval today).',
          field: 'rules',
        },
      },
    )
  })

  it('names a board it cannot read instead of a generic failure', () => {
    expect(resolveEnneaBoard(throwingAt(BOARD, 'stakes'))).toEqual({
      ok: false,
      error: {
        code: 'invalid-board',
        message: 'This Ennea board could not be read: reading it failed (no stakes today).',
        field: 'board',
      },
    })
    expect(resolveEnneaBoard(cyclic() as unknown as EnneaBoard)).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', message: 'This Ennea board could not be read: it contains itself.' },
    })
  })
})

describe('encodeEnneaBoard / enneaBoardCode parse their input first', () => {
  it('codes a valid board, read through a proxy too', () => {
    const code = encodeEnneaBoard(BOARD)
    expect(code).toMatch(/^EN2-99-274536189-/)
    expect(encodeEnneaBoard(new Proxy(BOARD, {}))).toBe(code)
  })

  it.each([
    ['wrong type', 42],
    ['missing field', { grid: BOARD.grid, totals: BOARD.totals }],
    ['out of range', { ...BOARD, grid: [2, 7, 4, 5, 3, 6, 1, 8, 10] }],
    ['unreadable', throwingAt(BOARD, 'grid')],
  ])('gives no code for %s', (_kind, board) => {
    expect(encodeEnneaBoard(board as EnneaBoard)).toBe('')
  })

  it('says why an unreadable board has no code', () => {
    expect(enneaBoardCode(throwingAt(BOARD, 'totals'))).toEqual({
      ok: false,
      error: {
        code: 'invalid-board',
        message: 'No code for this board: it could not be read: reading it failed (no totals today).',
        field: 'board',
      },
    })
  })
})

describe('senCanDeclare parses its input first', () => {
  it('answers a valid hand as before', () => {
    expect(senCanDeclare([7, 8, 2], 9)).toEqual({ ok: true, value: true })
  })

  it.each([
    ['wrong type', 'hand' as unknown, 9, undefined, 'invalid-hand', 'hand'],
    ['missing card', [7, 8], 9, undefined, 'invalid-hand', 'hand'],
    ['out-of-range card', [7, 8, 14], 9, undefined, 'invalid-rank', 'hand.2'],
    ['out-of-range flip', [7, 8, 2], 0, undefined, 'invalid-rank', 'flipped'],
    ['wrong rules type', [7, 8, 2], 9, 'strict', 'invalid-rules', 'rules'],
    ['out-of-range gap', [7, 8, 2], 9, { declareGap: 4 }, 'invalid-rules', 'declareGap'],
  ])('refuses %s with its own code and field', (_kind, hand, flipped, rules, code, field) => {
    const r = senCanDeclare(hand as number[], flipped, rules as { declareGap?: number })
    expect(r).toMatchObject({ ok: false, error: { code, field } })
  })

  it('names a hand or rules it cannot read', () => {
    expect(senCanDeclare(throwingAt([7, 8, 2], '1'), 9)).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'This hand could not be read: reading it failed (no 1 today). A hand always holds exactly 3 cards.',
        field: 'hand',
      },
    })
    expect(senCanDeclare([7, 8, 2], 9, throwingAt({ declareGap: 3 }, 'declareGap'))).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', field: 'rules' },
    })
  })
})

describe('senCanBlock and senTiebreak parse their input first', () => {
  it('answer valid hands as before', () => {
    expect(senCanBlock([7, 8, 2])).toBe(true)
    expect(senCanBlock([7, 7, 2])).toBe(false)
    expect(senCanBlock([7, 7, 2], { blockRequirement: 'TWO_CARDS' })).toBe(true)
    expect(senTiebreak([7, 8, 2], [9, 2, 3])).toBe(0)
    expect(senTiebreak([9, 9, 2], [8, 2, 3], { tiebreakCounting: 'LITERAL_SUM' })).toBe(0)
  })

  it.each([
    ['wrong type', 789 as unknown, undefined],
    ['missing card', [7, 8], undefined],
    ['out-of-range card', [7, 8, 0], undefined],
    ['unknown rule', [7, 8, 2], { blockRequirement: 'ONE' }],
    ['unreadable hand', throwingAt([7, 8, 2], 'length'), undefined],
    ['unreadable rules', [7, 8, 2], throwingAt({ blockRequirement: 'TWO_CARDS' }, 'blockRequirement')],
  ])('senCanBlock: false for %s', (_kind, hand, rules) => {
    expect(senCanBlock(hand as number[], rules as { blockRequirement?: 'TWO_CARDS' })).toBe(false)
  })

  it.each([
    ['wrong type', null as unknown, [9, 2, 3], undefined],
    ['missing card', [7, 8], [9, 2, 3], undefined],
    ['out-of-range card', [7, 8, 2], [9, 2, 30], undefined],
    ['five of a rank', [9, 9, 9], [9, 9, 2], undefined],
    ['wrong rules type', [7, 8, 2], [9, 2, 3], 'DISTINCT'],
    ['unknown rule', [7, 8, 2], [9, 2, 3], { tiebreakCounting: 'MOST' }],
    ['unreadable hand', [7, 8, 2], throwingAt([9, 2, 3], '0'), undefined],
  ])('senTiebreak: null (no winner) for %s', (_kind, first, second, rules) => {
    expect(senTiebreak(first as number[], second as number[], rules as { tiebreakCounting?: 'DISTINCT' })).toBe(null)
  })
})

describe('Wild Nine shows the card it refuses', () => {
  it('writes plain values as JSON and never fails on one it cannot write', () => {
    expect(showInput(' 11s ')).toBe('11s')
    expect(showInput(11)).toBe('11')
    expect(showInput({ rank: 'Q', suit: undefined })).toBe('{"rank":"Q"}')
    expect(showInput([1, undefined, 2n])).toBe('[1,null,2]')
    expect(showInput({ toJSON: () => 'not called' })).toBe('{}')
    expect(showInput(cyclic())).toBe('an object')
    expect(showInput(throwingAt([1], '0'))).toBe('a list')
    expect(showInput(undefined)).toBe('undefined')
    expect(showInput(() => 1)).toBe('a function')
  })

  it('puts it in the refusal', () => {
    expect(parseWildNineCard({ rank: 'Q' })).toEqual({
      ok: false,
      error: { code: 'invalid-card', message: `'{"rank":"Q"}' is not a card. Use A, 2–10, J, Q or K plus a suit.` },
    })
  })
})

describe('scoreNineRound parses its input first', () => {
  it('scores a valid round as before', () => {
    expect(
      scoreNineRound(
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        0,
      ),
    ).toEqual({ ok: true, value: { points: [0, 15], declarerWon: true } })
  })

  it.each([
    ['wrong type', 'hands' as unknown, 0, undefined, 'invalid-hands', 'hands'],
    [
      'missing declarer',
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      undefined,
      undefined,
      'no-declarer',
      'declarer',
    ],
    [
      'out-of-range card',
      [
        [1, 2, 30],
        [4, 5, 6],
      ],
      0,
      undefined,
      'invalid-card',
      'hands.0.2',
    ],
    [
      'unknown house rule',
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      0,
      { overNineDeclaration: 'NO' },
      'invalid-house-rule',
      'rules.overNineDeclaration',
    ],
    [
      'unreadable hands',
      throwingAt(
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        '1',
      ),
      0,
      undefined,
      'invalid-hands',
      'hands',
    ],
    [
      'unreadable rules',
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      0,
      throwingAt({ overNineDeclaration: 'REJECT' }, 'overNineDeclaration'),
      'invalid-house-rule',
      'rules',
    ],
  ])('refuses %s with its own code and field', (_kind, hands, declarer, rules, code, field) => {
    const r = scoreNineRound(hands as number[][], declarer as number, rules as { overNineDeclaration?: 'REJECT' })
    expect(r).toMatchObject({ ok: false, error: { code, field } })
  })
})

describe('enneaWinners reads its input first', () => {
  it('answers valid totals as before, and no winner for input it cannot read', () => {
    expect(enneaWinners([4, 4], [0, null, 1, 0])).toEqual([0])
    expect(enneaWinners([3, 5], [])).toEqual([1])
    expect(enneaWinners('totals' as unknown as number[], [])).toEqual([])
    expect(enneaWinners(throwingAt([4, 4], '0'), [])).toEqual([])
    expect(enneaWinners([4, 4], throwingAt([0, 1], 'length'))).toEqual([])
  })
})
