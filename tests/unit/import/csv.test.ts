import { describe, expect, it } from 'vitest'
import { detectSeparator, parseCsv, splitCsv } from '../../../src/shared/import/csv'

const HEADER = 'date,time,game,player,score,winner,rank,match'

describe('CSV layout', () => {
  it('reads one row per player per play and groups rows into plays by date, time and game', () => {
    const f = parseCsv(
      `${HEADER}\n2024-03-07,19:30,Wild Nine,Ana,12,yes,,\n2024-03-07,19:30,Wild Nine,Bo,57,no,,\n2024-03-07,21:00,Nine,Ana,40,no,2,\n2024-03-07,21:00,Nine,Bo,25,yes,1,\n`,
    )
    expect(f.problems).toEqual([])
    expect(f.plays).toHaveLength(2)
    const [a, b] = f.plays
    expect(a).toMatchObject({
      gameName: 'Wild Nine',
      playedAt: '2024-03-07T19:30:00',
      contentId: true,
      label: 'lines 2–3 (2024-03-07 19:30, Wild Nine)',
    })
    expect(a?.seats).toEqual([
      { playerKey: 'ana', name: 'Ana', score: 12, rank: null, winner: true },
      { playerKey: 'bo', name: 'Bo', score: 57, rank: null, winner: false },
    ])
    expect(b?.seats.map((s) => [s.name, s.rank, s.winner])).toEqual([
      ['Ana', 2, false],
      ['Bo', 1, true],
    ])
  })

  it('accepts a BOM, semicolons, CRLF, quoted fields with separators, quotes and line breaks, and columns in any order and case', () => {
    const text =
      '\uFEFFPlayer;Game;DATE;Time;Score;Winner\r\n"Smith; Jo";"Seven ""Eight"" Nine";2024-01-05;20:00;3;x\r\n"Ana\nMaria";Seven "Eight" Nine;2024-01-05;20:00;1;\r\n'
    expect(detectSeparator(text.slice(1))).toBe(';')
    const f = parseCsv(text)
    expect(f.problems).toEqual([])
    expect(f.plays).toHaveLength(1)
    expect(f.plays[0]?.gameName).toBe('Seven "Eight" Nine')
    expect(f.plays[0]?.seats.map((s) => s.name)).toEqual(['Smith; Jo', 'Ana\nMaria'])
    expect(f.plays[0]?.seats.map((s) => s.winner)).toEqual([true, null])
  })

  it('keeps the line where each record starts, past quoted line breaks', () => {
    const { records } = splitCsv('a,b\n"x\ny",1\nz,2\n', ',')
    expect(records.map((r) => r.line)).toEqual([1, 2, 4])
  })

  it('reports every bad row with its line number and reason', () => {
    const text = [
      HEADER,
      '2024-02-30,19:30,Nine,Ana,10,yes,,', // 2: not a real date
      '2024-03-01,25:00,Nine,Ana,10,yes,,', // 3: not a real time
      '2024-03-01,19:30,,Ana,10,yes,,', // 4: no game
      '2024-03-01,19:30,Nine,,10,yes,,', // 5: no player
      '2024-03-01,19:30,Nine,Bo,ten,no,,', // 6: score
      '2024-03-01,19:30,Nine,Cy,3,maybe,,', // 7: winner
      '2024-03-01,19:30,Nine,Di,3,no,first,', // 8: rank
      '2024-03-01,19:30,Nine,Ed,3,no,2,,extra', // 9: too many fields
      '2024-03-01,19:30,Nine,Fa,3.5,no,,', // 10: not whole
      '', // blank lines are fine
      '2024-03-01,19:30,Nine,Gi,4,yes,1,', // 12: fine
    ].join('\n')
    const f = parseCsv(text)
    expect(f.problems.map((p) => p.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(f.problems[0]?.reason).toMatch(/not a real date/)
    expect(f.problems[4]?.reason).toMatch(/“ten” is not a whole number/)
    expect(f.problems[5]?.reason).toMatch(/“maybe” is not yes or no/)
    expect(f.problems[6]?.reason).toMatch(/rank “first”/)
    expect(f.problems[7]?.reason).toMatch(/9 fields but the header has 8/)
    expect(f.problems[8]?.reason).toMatch(/“3.5” is not a whole number/)
    expect(f.plays).toHaveLength(1)
  })

  it('refuses a header without the required columns, an empty file and an unclosed quote', () => {
    expect(parseCsv('when,who\n1,2\n').problems[0]).toEqual({
      line: 1,
      reason: expect.stringMatching(/no date, game, player column/),
    })
    expect(parseCsv('').problems[0]?.reason).toMatch(/empty/)
    expect(parseCsv(`${HEADER}\n2024-03-01,19:30,Nine,"Ana,10,yes,,\n`).problems[0]).toEqual({
      line: 2,
      reason: expect.stringMatching(/never closed/),
    })
  })

  it('groups by the match key when there is one, and refuses a key reused for another play', () => {
    const f = parseCsv(
      `${HEADER}\n2024-03-01,19:30,Nine,Ana,1,yes,,m1\n2024-03-01,19:30,Nine,Bo,2,no,,m2\n2024-03-01,19:30,Nine,Cy,3,no,,m1\n2024-03-02,19:30,Nine,Di,3,no,,m1\n`,
    )
    expect(f.plays.map((p) => [p.sourceId, p.contentId, p.seats.length])).toEqual([
      ['key:m1', false, 2],
      ['key:m2', false, 1],
    ])
    expect(f.problems).toEqual([{ line: 5, reason: expect.stringMatching(/match key “m1” was used on line 2/) }])
  })

  it('gives a play without a key the same identity whatever the order of its rows', () => {
    const a = parseCsv(`${HEADER}\n2024-03-01,19:30,Nine,Ana,1,yes,,\n2024-03-01,19:30,Nine,Bo,2,no,,\n`)
    const b = parseCsv(
      `date;game;player;score;winner;time\n2024-03-01;NINE;bo;2;no;19:30\n2024-03-01;nine;ANA;1;yes;19:30:00\n`,
    )
    expect(b.plays[0]?.sourceId).toBe(a.plays[0]?.sourceId)
  })

  // What papaparse 5.7.1 and csv-parse 7.0.3 read differently (docs/ARCHITECTURE.md § CSV import).
  it('reads mixed line ends, a quoted field after a space, text after a closing quote, and says where a quote opened', () => {
    expect(splitCsv('a\n\n\nb\r\nc\rd\n', ',').records).toEqual([
      { line: 1, cells: ['a'] },
      { line: 4, cells: ['b'] },
      { line: 5, cells: ['c'] },
      { line: 6, cells: ['d'] },
    ])
    expect(splitCsv('a, "x,y" ,c\n', ',').records).toEqual([{ line: 1, cells: ['a', 'x,y ', 'c'] }])
    expect(splitCsv('"ab"cd,e\nf\n', ',').records).toEqual([
      { line: 1, cells: ['abcd', 'e'] },
      { line: 2, cells: ['f'] },
    ])
    expect(splitCsv('h\n2024,"Ana,10\nmore\n', ',')).toEqual({
      records: [{ line: 1, cells: ['h'] }],
      unclosedQuoteAt: 2,
    })
  })
})
