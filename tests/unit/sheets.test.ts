import { describe, expect, it } from 'vitest'
import { replay } from '../../src/shared/games/engine'
import { nineEngine, type NineAction } from '../../src/shared/games/nine/index'
import {
  correctionTimes,
  csvField,
  csvSeparatorFor,
  EXPORT_NAME_MAX_BYTES,
  exportFileName,
  localDateTime,
  nextDealText,
  nineDealText,
  nineSheet,
  parseCardsText,
  parseNineTotal,
  parseNineValues,
  parsePointsSum,
  parseWholeNumber,
  roundEntryIndices,
  sheetCsv,
  wildNineDealText,
  wildNineSheet,
} from '../../src/shared/games/sheets'
import { wildNineEngine, type WildNineAction } from '../../src/shared/games/wild-nine/index'

function wildNine(actions: WildNineAction[]) {
  const r = replay(wildNineEngine, { names: ['Ana', 'Bo', 'Cy'], firstDealer: 0 }, actions)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

function nine(actions: NineAction[], startTotals?: number[]) {
  const r = replay(nineEngine, { names: ['Ana', 'Bo', 'Cy'], ...(startTotals ? { startTotals } : {}) }, actions)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

// SPEC WN-G15, entered as numbers.
const G15: WildNineAction[] = [
  { type: 'round', wentOut: 2, points: [34, 12, 0] },
  { type: 'round', wentOut: 0, points: [0, 41, 27] },
  { type: 'round', wentOut: 1, points: [70, 0, 9] },
]

describe('Wild Nine sheet', () => {
  it('has one row per round with points, running totals and who went out (WN-G15)', () => {
    const state = wildNine(G15)
    const sheet = wildNineSheet(state, 'The match ended: Ana reached 104. Cy wins with 36.')
    expect(sheet.rows.map((r) => r.result)).toEqual(['Cy went out', 'Ana went out', 'Bo went out'])
    expect(sheet.rows.map((r) => r.cells.map((c) => c.total))).toEqual([
      ['34', '12', '0'],
      ['34', '53', '27'],
      ['104', '53', '36'],
    ])
    expect(sheet.rows[1]?.cells.map((c) => c.points)).toEqual([0, 41, 27])
    expect(sheet.rows[0]?.cells[2]?.marks).toEqual(['went out'])
    expect(sheet.rows.map((r) => r.dealer)).toEqual([0, 1, 2])
    expect(sheet.over).toBe(true)
    expect(sheet.winners).toEqual([2])
    expect(sheet.start).toBeNull()
  })

  it('marks a deadlock round and keeps the card explanations', () => {
    const state = wildNine([{ type: 'round', wentOut: null, hands: [['QD', '2S'], ['KH'], ['9s', 'qh']] }])
    const sheet = wildNineSheet(state, '')
    expect(sheet.rows[0]?.result).toBe('Deadlock')
    expect(sheet.rows[0]?.cells.map((c) => c.points)).toEqual([12, 10, 25])
    expect(sheet.rows[0]?.lines[2]).toBe('Cy: 9♠ (15) + Q♥ (10) = 25')
  })

  it('exports CSV with a byte-order mark, a header, one line per round with its local time, the totals and the winner', () => {
    const state = wildNine(G15)
    const played = ['2026-11-30T19:05:00.000Z', null, '2026-11-30T19:45:00.000Z']
    const corrected = [null, '2026-11-30T20:10:00.000Z', null]
    const csv = sheetCsv(wildNineSheet(state, 'The match ended: Ana reached 104. Cy wins with 36.'), {
      played,
      corrected,
    })
    expect(csv.startsWith('\ufeffRound,')).toBe(true)
    const lines = csv.slice(1).split('\r\n')
    expect(lines[0]).toBe(
      'Round,Played,Corrected,Dealer,Result,Ana points,Ana total,Bo points,Bo total,Cy points,Cy total',
    )
    expect(lines[1]).toBe(`1,${localDateTime(played[0])},,Ana,Cy went out,34,34,12,12,0,0`)
    expect(lines[1]).toMatch(/^1,\d{4}-\d{2}-\d{2} \d{2}:\d{2},,/)
    // The corrected round says when it was corrected.
    expect(lines[2]).toBe(`2,,${localDateTime(corrected[1])},Bo,Ana went out,0,34,41,53,27,27`)
    expect(lines[3]).toBe(`3,${localDateTime(played[2])},,Cy,Bo went out,70,104,0,53,9,36`)
    expect(lines[4]).toBe('Total,,,,,,104,,53,,36')
    expect(lines[5]).toBe('Result,,,,The match ended: Ana reached 104. Cy wins with 36.')
    expect(lines[6]).toBe('Winner,,,,Cy')
    expect(csv.endsWith('\r\n')).toBe(true)
  })

  it('includes the cards entered, one column per seat, when a round was entered by cards', () => {
    const state = wildNine([{ type: 'round', wentOut: null, hands: [['QD', '2S'], ['KH'], ['9s', 'qh']] }])
    const lines = sheetCsv(wildNineSheet(state, '')).slice(1).split('\r\n')
    expect(lines[0]).toBe(
      'Round,Played,Corrected,Dealer,Result,Ana points,Ana total,Ana cards,Bo points,Bo total,Bo cards,Cy points,Cy total,Cy cards',
    )
    expect(lines[1]).toBe('1,,,Ana,Deadlock,12,12,QD 2S,10,10,KH,25,25,9S QH')
  })
})

describe('Nine sheet', () => {
  it('shows a 90 → 45 reset in the total and marks players at 99 or more as lost', () => {
    const state = nine([
      {
        type: 'round',
        declarer: 0,
        hands: [
          [1, 2],
          [13, 13, 12],
          [10, 10, 10, 10],
        ],
      },
      {
        type: 'round',
        declarer: 0,
        hands: [
          [2, 2],
          [13, 13, 13, 13],
          [12, 12, 12],
        ],
      },
      { type: 'round', declarer: 1, hands: [[3], [5, 6], [7, 7]], confirmOverNine: true },
      { type: 'round', declarer: 0, totals: [0, 29, 23] },
    ])
    const sheet = nineSheet(state, 'over')
    expect(sheet.rows[1]?.cells[1]).toEqual({
      points: 52,
      total: '90 → 45',
      value: 45,
      resetFrom: 90,
      cards: '13 13 13 13',
      hand: 52,
      marks: ['reset'],
    })
    expect(sheet.rows[2]?.result).toBe('Bo declared NINE over 9: failed')
    expect(sheet.rows[0]?.result).toBe('Ana declared NINE and won')
    expect(sheet.rows[3]?.cells.map((c) => c.total)).toEqual(['0', '99', '99'])
    expect(sheet.rows[3]?.cells[1]?.marks).toEqual(['lost'])
    expect(sheet.rows[3]?.cells[0]?.marks).toEqual(['declared'])
    expect(sheet.losers).toEqual([1, 2])
    expect(sheet.winners).toEqual([0])
    expect(sheet.over).toBe(true)
    // The total is a number (45); the reset from 90 has its own column, so a spreadsheet can add totals up.
    // Rows are deals, as on screen; the hand total has its own column, also where only the total was entered.
    const lines = sheetCsv(sheet).slice(1).split('\r\n')
    expect(lines[0]).toBe(
      'Deal,Played,Corrected,Dealer,Result,Ana points,Ana total,Ana reset from,Ana hand,Ana cards,Bo points,Bo total,Bo reset from,Bo hand,Bo cards,Cy points,Cy total,Cy reset from,Cy hand,Cy cards',
    )
    expect(lines[2]).toBe('2,,,Bo,Ana declared NINE and won,0,0,,4,2 2,52,45,90,52,13 13 13 13,36,76,,36,12 12 12')
    // A failed declaration: Bo's points (25) are not his hand (11), nor Cy's (0, hand 14).
    expect(lines[3]).toBe('3,,,Cy,Bo declared NINE over 9: failed,0,0,,3,3,25,70,,11,5 6,0,76,,14,7 7')
    expect(lines[4]).toBe('4,,,Ana,Ana declared NINE and won,0,0,,0,,29,99,,29,,23,99,,23,')
  })

  it('keeps hand totals entered as totals, where the points differ from them', () => {
    const state = nine([{ type: 'round', declarer: 0, totals: [12, 5, 7], confirmOverNine: true }])
    const sheet = nineSheet(state, '')
    expect(sheet.rows[0]?.cells.map((c) => c.hand)).toEqual([12, 5, 7])
    const lines = sheetCsv(sheet).slice(1).split('\r\n')
    expect(lines[0]).toBe(
      'Deal,Played,Corrected,Dealer,Result,Ana points,Ana total,Ana hand,Bo points,Bo total,Bo hand,Cy points,Cy total,Cy hand',
    )
    const [ana, bo, cy] = state.rounds[0]?.points ?? []
    expect(lines[1]).toBe(`1,,,Ana,Ana declared NINE over 9: failed,${ana},${ana},12,${bo},${bo},5,${cy},${cy},7`)
    expect(ana).not.toBe(12)
  })

  it('keeps carried-over start totals', () => {
    const state = nine([{ type: 'round', declarer: 0, hands: [[1], [5], [6]] }], [10, 20, 30])
    const sheet = nineSheet(state, '')
    expect(sheet.start).toEqual([10, 20, 30])
    expect(sheetCsv(sheet).slice(1).split('\r\n')[1]).toBe('Start,,,,Carried over,,10,,,,20,,,,30,,')
  })
})

describe('CSV fields', () => {
  it('quotes commas, quotes and newlines and neutralises formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(csvField('-3')).toBe("'-3")
    expect(csvField(-3)).toBe('-3')
    expect(csvField('plain')).toBe('plain')
  })

  it('separates by semicolons on request, quoting a field that holds one', () => {
    const state = nine([{ type: 'round', declarer: 0, hands: [[1], [5], [6]] }])
    const lines = sheetCsv(nineSheet(state, 'a; b'), { separator: ';' }).slice(1).split('\r\n')
    expect(lines[0]?.startsWith('Deal;Played;Corrected;Dealer;Result;Ana points;Ana total;Ana hand;')).toBe(true)
    expect(lines[1]).toBe('1;;;Ana;Ana declared NINE and won;0;0;1;1;5;5;5;5;6;6;6;6')
    expect(csvField('a;b', ';')).toBe('"a;b"')
    expect(csvField('a;b')).toBe('a;b')
    expect(csvField('1,5', ';')).toBe('"1,5"')
  })

  it('follows the locale: a semicolon where a decimal is written with a comma', () => {
    expect(csvSeparatorFor('de-DE')).toBe(';')
    expect(csvSeparatorFor('fr-FR')).toBe(';')
    expect(csvSeparatorFor('pt-BR')).toBe(';')
    expect(csvSeparatorFor('en-US')).toBe(',')
    expect(csvSeparatorFor('ja-JP')).toBe(',')
  })

  it('names the file after the match: the game, when it started (local time) and the players', () => {
    const started = new Date(2026, 10, 30, 19, 42).toISOString()
    expect(exportFileName('Wild Nine', started, ['Ana', 'Bo', 'Cy'], 'csv')).toBe(
      'wild-nine_2026-11-30_19-42_Ana-Bo-Cy.csv',
    )
    expect(exportFileName('Nine', started, ['Zoë', 'Jean Luc', "O'Brien"], 'png')).toBe(
      'nine_2026-11-30_19-42_Zoë-Jean-Luc-O-Brien.png',
    )
  })

  it('makes names safe for file systems and caps the length, cutting players first and never inside a character', () => {
    const started = new Date(2026, 0, 2, 3, 4).toISOString()
    const name = exportFileName('Nine', started, ['a/b\\c:d*e?f"g<h>i|j', 'CON', '..', '\u202eevil'], 'csv')
    expect(name).toBe('nine_2026-01-02_03-04_a-b-c-d-e-f-g-h-i-j-CON-evil.csv')
    const many = Array.from({ length: 8 }, (_, i) => `Ŝpieler${i}😀${'x'.repeat(30)}`)
    const long = exportFileName('Nine', started, many, 'csv')
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(EXPORT_NAME_MAX_BYTES)
    expect(long.startsWith('nine_2026-01-02_03-04_Ŝpieler0')).toBe(true)
    expect(long.endsWith('.csv')).toBe(true)
    expect(long).not.toMatch(/\uFFFD|[/\\:*?"<>|]|-\.csv$/)
    expect(exportFileName('Nine', 'not a date', [], 'png')).toBe('nine.png')
  })
})

describe('deal and dealer text', () => {
  it('names the dealer and the starter, wrapping around the table', () => {
    expect(nextDealText(['Ana', 'Bo', 'Cy'], 0)).toBe('Ana deals, Bo starts.')
    expect(nextDealText(['Ana', 'Bo', 'Cy'], 2)).toBe('Cy deals, Ana starts.')
  })

  it('gives the deal sizes', () => {
    expect(wildNineDealText({ handSize: 7, stock: 23 })).toBe('Deal 7 each; stock 23')
    expect(nineDealText(3)).toBe('Deal 5 each; draw pile 38')
    expect(nineDealText(8)).toBe('Deal 5 each; draw pile 13')
  })
})

describe('round entries', () => {
  it('maps each completed round to the log entry that closed it, skipping tracking actions', () => {
    const actions = [{ type: 'round' }, { type: 'start-round' }, { type: 'play' }, { type: 'round' }, { type: 'round' }]
    expect(roundEntryIndices(actions, [{}, {}, {}])).toEqual([0, 3, 4])
    expect(roundEntryIndices(actions, [{}, { void: true }, {}])).toEqual([0, -1, 3])
  })
})

describe('typed entry', () => {
  it('parses cards with letters or suit symbols, in any case', () => {
    expect(parseCardsText('9s qh 10d')).toEqual({ ok: true, value: ['9S', 'QH', '10D'] })
    expect(parseCardsText('9♠, Q♥  A♣')).toEqual({ ok: true, value: ['9S', 'QH', 'AC'] })
    expect(parseCardsText('')).toEqual({ ok: true, value: [] })
  })

  it('refuses a bad card with the SPEC message', () => {
    const r = parseCardsText('9s 11s', 'hands.1')
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.error).toEqual({
        code: 'invalid-card',
        message: "'11s' is not a card. Use A, 2–10, J, Q or K plus a suit.",
        field: 'hands.1',
      })
    const j = parseCardsText('joker')
    expect(!j.ok && j.error.message).toBe('No jokers in Wild Nine.')
  })

  it('parses Nine values and totals with the engine messages', () => {
    expect(parseNineValues('3 4 0', 'Ana', 'hands.0')).toEqual({ ok: true, value: [3, 4, 0] })
    expect(parseNineValues('-', 'Ana', 'hands.0')).toEqual({ ok: true, value: [] })
    const big = parseNineValues('3 14', 'Ana', 'hands.0')
    expect(!big.ok && big.error.message).toBe('Nine cards are numbered 0 to 13. Ana entered 14.')
    const six = parseNineValues('1 1 1 1 1 1', 'Bo', 'hands.1')
    expect(!six.ok && six.error.message).toBe('A Nine hand never holds more than 5 cards. Bo entered 6.')
    const empty = parseNineValues('  ', 'Bo', 'hands.1')
    expect(!empty.ok && empty.error.message).toBe("Enter Bo's cards or hand total.")
    expect(parseNineTotal('12', 'Cy', 'totals.2')).toEqual({ ok: true, value: 12 })
    const t = parseNineTotal('70', 'Cy', 'totals.2')
    expect(!t.ok && t.error.message).toBe(
      "A Nine hand cannot total 70: 5 cards add up to at most 64. Check Cy's entry.",
    )
  })

  it('reads whole numbers only', () => {
    expect(parseWholeNumber(' 34 ')).toBe(34)
    expect(parseWholeNumber('3.5')).toBeNull()
    expect(parseWholeNumber('')).toBeNull()
    expect(parseWholeNumber('-2')).toBeNull()
  })

  it('reads points typed as sums, as BG Stats does, and says a minus sign is not a points value', () => {
    expect(parsePointsSum('10+15', "Bo's penalty")).toEqual({ ok: true, value: 25 })
    expect(parsePointsSum(' 3 + 6 + 2 ', "Bo's penalty")).toEqual({ ok: true, value: 11 })
    expect(parsePointsSum('34', "Bo's penalty")).toEqual({ ok: true, value: 34 })
    for (const t of ['', '3.5', 'ten', '10+', '+10', '10++2']) expect(parsePointsSum(t, 'x'), t).toBeNull()
    for (const t of ['-5', '- 5', '−5', '10+-2']) {
      expect(parsePointsSum(t, "Bo's penalty", 'points.1'), t).toEqual({
        ok: false,
        error: {
          code: 'invalid-points',
          message: "Bo's penalty is never negative: enter it without the minus sign.",
          field: 'points.1',
        },
      })
    }
    expect(parseNineTotal('5+7', 'Cy', 'totals.2')).toEqual({ ok: true, value: 12 })
    const neg = parseNineTotal('-12', 'Cy', 'totals.2')
    expect(!neg.ok && neg.error.message).toBe("Cy's hand total is never negative: enter it without the minus sign.")
    const big = parseNineTotal('40+30', 'Cy', 'totals.2')
    expect(!big.ok && big.error.message).toBe(
      "A Nine hand cannot total 70: 5 cards add up to at most 64. Check Cy's entry.",
    )
  })
})

describe('correction times', () => {
  it("lists each entry's corrections in order, without the undone ones", () => {
    const history = [
      { kind: 'action', eventId: 'a1', supersedes: null, at: 't1' },
      { kind: 'action', eventId: 'a2', supersedes: null, at: 't2' },
      { kind: 'correction', eventId: 'c1', supersedes: 'a1', at: 't3' },
      { kind: 'correction', eventId: 'c2', supersedes: 'a1', at: 't4' },
      { kind: 'undo', eventId: 'u1', supersedes: 'c2', at: 't5' },
      { kind: 'correction', eventId: 'c3', supersedes: 'a2', at: 't6' },
      { kind: 'correction', eventId: 'c4', supersedes: 'a1', at: 't7' },
    ]
    expect(correctionTimes(history, ['a1', 'a2', null])).toEqual([['t3', 't7'], ['t6'], []])
  })
})
