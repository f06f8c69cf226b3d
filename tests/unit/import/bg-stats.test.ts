import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { looksLikeBgStats, parseBgStats } from '../../../src/shared/import/bg-stats'
import { parseCsv } from '../../../src/shared/import/csv'
import { gameByName, planImport, settleSeats } from '../../../src/shared/import/plan'
import type { SourceFile } from '../../../src/shared/import/source'

const SAMPLE = JSON.parse(readFileSync(join(__dirname, '../../fixtures/bg-stats/club-backup.json'), 'utf8')) as unknown

function sample(): SourceFile {
  const r = parseBgStats(SAMPLE)
  if (!r.ok) throw new Error(r.reason)
  return r.value
}

describe('BG Stats backup', () => {
  it('reads players, games and plays by their reference ids, ignoring the other fields', () => {
    expect(looksLikeBgStats(SAMPLE)).toBe(true)
    const f = sample()
    expect(f.kind).toBe('bg-stats')
    expect(f.problems).toEqual([])
    expect(f.plays).toHaveLength(8)
    expect(f.plays[0]).toEqual({
      sourceId: 'uuid:e8c4f6d5-0000-4000-8000-000000000101',
      contentId: false,
      label: 'play 1 (2024-03-07 19:30, Wild  Nine)',
      gameName: 'Wild  Nine',
      playedAt: '2024-03-07T19:30:00',
      seats: [
        { playerKey: '1', name: 'Ana', score: 12, rank: null, winner: true },
        { playerKey: '2', name: 'bo', score: 57, rank: null, winner: false },
        { playerKey: '3', name: 'Cy Twombly', score: 103, rank: null, winner: false },
      ],
      skip: null,
      location: { name: 'The Crown, back room', sourceId: '1' },
    })
    // Empty scores are no score; ranks of 0 are no rank.
    expect(f.plays[1]?.seats.map((s) => [s.score, s.rank])).toEqual([
      [null, null],
      [null, null],
    ])
    expect(f.plays[3]?.seats.map((s) => s.rank)).toEqual([2, 1, 3])
    expect(f.plays[4]?.skip).toMatch(/ignored/)
    expect(f.plays[5]?.skip).toMatch(/12.5/)
  })

  it('refuses what is not a backup, and skips (with the reason) a play it cannot read', () => {
    expect(looksLikeBgStats({ format: 'ninekeeper-export', events: [] })).toBe(false)
    expect(parseBgStats([])).toEqual({ ok: false, reason: expect.stringMatching(/not an object/) })
    expect(parseBgStats({ players: [] })).toEqual({ ok: false, reason: expect.stringMatching(/no "plays" list/) })
    const r = parseBgStats({
      players: [{ id: 1, name: 'Ana' }],
      games: [{ id: 1, name: 'Nine' }],
      plays: [
        { uuid: 'u1', playDate: 'yesterday', gameRefId: 1, playerScores: [{ playerRefId: 1, winner: true }] },
        { uuid: 'u2', playDate: '2024-01-01 20:00:00', gameRefId: 9, playerScores: [{ playerRefId: 1, winner: true }] },
        { uuid: 'u3', playDate: '2024-01-01 20:00:00', gameRefId: 1, playerScores: [{ playerRefId: 7, winner: true }] },
        { uuid: 'u4', playDate: '2024-01-01 20:00:00', gameRefId: 1, playerScores: [] },
        7,
      ],
    })
    if (!r.ok) throw new Error(r.reason)
    expect(r.value.plays.map((p) => p.skip)).toEqual([
      expect.stringMatching(/date “yesterday”/),
      expect.stringMatching(/game \(id 9\)/),
      expect.stringMatching(/players \(id 7\)/),
      expect.stringMatching(/no players/),
    ])
    expect(r.value.problems).toEqual([{ reason: 'play 5 is not an object' }])
  })
})

describe('mapping and merging by name', () => {
  it('maps games by name ignoring case and spaces, or by choice; other games are skipped with the reason', () => {
    expect(gameByName('Wild  Nine')).toBe('wild-nine')
    expect(gameByName('SEVEN EIGHT NINE')).toBe('seven-eight-nine')
    expect(gameByName('seven-eight-nine')).toBe('seven-eight-nine')
    expect(gameByName('ennea')).toBe('ennea')
    expect(gameByName('Nine (club rules)')).toBeNull()
    const plan = planImport(sample(), [], {}, () => false)
    expect(plan.preview.games).toEqual([
      { name: 'Wild  Nine', plays: 5, gameId: 'wild-nine', how: 'name' },
      { name: 'Catan', plays: 1, gameId: null, how: 'unmatched' },
      { name: 'Nine (club rules)', plays: 1, gameId: null, how: 'unmatched' },
      { name: 'SEVEN EIGHT NINE', plays: 1, gameId: 'seven-eight-nine', how: 'name' },
    ])
    expect(plan.preview.skipped.map((s) => s.reason)).toEqual([
      expect.stringMatching(/“Catan” is not one of Ninekeeper's games/),
      expect.stringMatching(/“Nine \(club rules\)” is not one/),
      expect.stringMatching(/ignored/),
      expect.stringMatching(/12.5/),
    ])
    const chosen = planImport(sample(), [], { games: { 'Nine (club rules)': 'nine', Catan: 'skip' } }, () => false)
    expect(chosen.preview.perGame).toEqual([
      { gameId: 'wild-nine', plays: 2 },
      { gameId: 'nine', plays: 1 },
      { gameId: 'seven-eight-nine', plays: 1 },
    ])
    expect(chosen.preview.skipped[0]?.reason).toBe('the game “Catan” is skipped')
  })

  it('merges players by name ignoring case with the roster, creates the others, and honours a rename or a mapping', () => {
    const roster = [
      { id: '01900000-0000-7000-8000-000000000001', name: 'ANA', archived: false },
      { id: '01900000-0000-7000-8000-000000000002', name: 'Bo', archived: true },
      { id: '01900000-0000-7000-8000-000000000003', name: 'Cyrus', archived: false },
    ]
    const plan = planImport(sample(), roster, {}, () => false)
    expect(plan.preview.players.map((p) => [p.name, p.action, p.targetName, p.how, p.plays])).toEqual([
      ['Ana', 'match', 'ANA', 'name', 1],
      ['Anonymous', 'create', 'Anonymous', 'new', 1],
      ['bo', 'match', 'Bo', 'name', 3],
      ['Cy Twombly', 'create', 'Cy Twombly', 'new', 2],
    ])
    expect(plan.newPlayers).toEqual([
      { key: 'cy twombly', name: 'Cy Twombly' },
      { key: 'anonymous', name: 'Anonymous' },
    ])
    const mapped = planImport(
      sample(),
      roster,
      { players: { '3': { playerId: roster[2]!.id }, '4': { name: 'Guest' } } },
      () => false,
    )
    expect(mapped.preview.players.map((p) => [p.name, p.action, p.targetName, p.how])).toEqual([
      ['Ana', 'match', 'ANA', 'name'],
      ['Anonymous', 'create', 'Guest', 'choice'],
      ['bo', 'match', 'Bo', 'name'],
      ['Cy Twombly', 'match', 'Cyrus', 'choice'],
    ])
    expect(mapped.newPlayers).toEqual([{ key: 'guest', name: 'Guest' }])
    // A rename onto an existing player's name merges with that player.
    const renamed = planImport(sample(), roster, { players: { '4': { name: 'cyrus' } } }, () => false)
    expect(renamed.preview.players.find((p) => p.key === '4')).toMatchObject({
      action: 'match',
      targetName: 'Cyrus',
      playerId: roster[2]!.id,
    })
  })

  it('a play whose two players become one here is skipped; an invalid new name stops the import', () => {
    const roster = [{ id: '01900000-0000-7000-8000-000000000001', name: 'Ana', archived: false }]
    const plan = planImport(sample(), roster, { players: { '2': { playerId: roster[0]!.id } } }, () => false)
    expect(plan.preview.skipped.find((s) => s.label.startsWith('play 1 '))?.reason).toBe(
      'two of its players are the same player here',
    )
    const bad = planImport(sample(), [], { players: { '3': { name: '   ' } } }, () => false)
    expect(bad.preview.canApply).toBe(false)
    expect(bad.preview.problems).toEqual([{ reason: expect.stringMatching(/player “Cy Twombly”: Enter a name/) }])
  })

  it('finds duplicates in the file and plays already imported', () => {
    const plan = planImport(sample(), [], {}, (p) => p.sourceId.endsWith('102'))
    expect(plan.preview.duplicates).toEqual([
      { label: 'play 8 (2024-03-07 19:30, Wild  Nine)', of: 'play 1 (2024-03-07 19:30, Wild  Nine)' },
    ])
    expect(plan.preview.alreadyImported).toBe(1)
    expect(plan.matches.map((m) => m.play.label.split(' (')[0])).toEqual(['play 1', 'play 7'])
  })

  it('ranks the others by score in the game direction when the source gives only winners', () => {
    const seats = [
      { score: 12, rank: null, winner: true },
      { score: 103, rank: null, winner: false },
      { score: 57, rank: null, winner: false },
    ]
    expect(settleSeats('wild-nine', seats)).toEqual({
      ok: true,
      value: [
        { rank: 1, winner: true },
        { rank: 3, winner: false },
        { rank: 2, winner: false },
      ],
    })
    expect(settleSeats('ennea', seats)).toEqual({
      ok: true,
      value: [
        { rank: 1, winner: true },
        { rank: 2, winner: false },
        { rank: 3, winner: false },
      ],
    })
    expect(
      settleSeats('nine', [
        { score: null, rank: null, winner: true },
        { score: null, rank: null, winner: null },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { rank: 1, winner: true },
        { rank: 2, winner: false },
      ],
    })
    expect(
      settleSeats('nine', [
        { score: 3, rank: 2, winner: true },
        { score: 1, rank: 1, winner: false },
      ]),
    ).toEqual({ ok: false, reason: 'the winners and the players ranked 1 differ' })
    expect(
      settleSeats('nine', [
        { score: 3, rank: null, winner: false },
        { score: 1, rank: null, winner: null },
      ]),
    ).toEqual({ ok: false, reason: 'nobody is marked as the winner' })
    expect(
      settleSeats('nine', [
        { score: 3, rank: 1, winner: null },
        { score: 1, rank: 3, winner: null },
      ]),
    ).toEqual({ ok: false, reason: 'a rank is higher than the number of players (2)' })
    // Ranks alone name the winners.
    expect(
      settleSeats('nine', [
        { score: 3, rank: 2, winner: null },
        { score: 1, rank: 1, winner: null },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { rank: 2, winner: false },
        { rank: 1, winner: true },
      ],
    })
  })

  it('skips a play with a seat count the game does not allow', () => {
    const f: SourceFile = {
      kind: 'csv',
      problems: [],
      plays: [
        {
          sourceId: 'key:x',
          contentId: false,
          label: 'lines 2–4',
          gameName: 'Seven Eight Nine',
          playedAt: '2024-01-01T20:00:00',
          skip: null,
          seats: ['A', 'B', 'C'].map((n) => ({ playerKey: n, name: n, score: null, rank: null, winner: n === 'A' })),
        },
      ],
    }
    expect(planImport(f, [], {}, () => false).preview.skipped).toEqual([
      { label: 'lines 2–4', reason: 'Seven Eight Nine is played by exactly 2 players; this play has 3' },
    ])
  })
})

describe('ranks with some winner fields left empty', () => {
  it('an empty winner field says nothing; a filled one must agree with the rank', () => {
    expect(
      settleSeats('nine', [
        { score: 3, rank: 1, winner: null },
        { score: 1, rank: 1, winner: true },
        { score: 9, rank: 3, winner: null },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { rank: 1, winner: true },
        { rank: 1, winner: true },
        { rank: 3, winner: false },
      ],
    })
    expect(
      settleSeats('nine', [
        { score: 3, rank: 1, winner: false },
        { score: 1, rank: 2, winner: null },
      ]),
    ).toEqual({ ok: false, reason: 'the winners and the players ranked 1 differ' })
  })
})

describe('two refused names in one play', () => {
  it('are reported as problems, not taken for one player', () => {
    const plan = planImport(sample(), [], { players: { '1': { name: '' }, '2': { name: '\u202eevil' } } }, () => false)
    expect(plan.preview.problems.map((p) => p.reason)).toEqual([
      expect.stringMatching(/player “Ana”: Enter a name/),
      expect.stringMatching(/player “bo”: A name cannot contain text-direction/),
    ])
    expect(plan.preview.skipped.some((s) => s.reason === 'two of its players are the same player here')).toBe(false)
    expect(plan.preview.canApply).toBe(false)
  })
})

describe('a BG Stats play without a uuid', () => {
  it('is identified by its content, so the same play in another backup is the same play', () => {
    const file = (uuid?: string) => ({
      players: [
        { id: 1, name: 'Ana' },
        { id: 2, name: 'Bo' },
      ],
      games: [{ id: 7, name: 'Nine' }],
      plays: [
        {
          ...(uuid ? { uuid } : {}),
          playDate: '2024-01-01 20:00:00',
          gameRefId: 7,
          playerScores: [
            { playerRefId: 1, score: '3', winner: true },
            { playerRefId: 2, score: '9', winner: false },
          ],
        },
      ],
    })
    const a = parseBgStats(file())
    const b = parseBgStats(file())
    if (!a.ok || !b.ok) throw new Error('refused')
    expect(a.value.plays[0]?.contentId).toBe(true)
    expect(a.value.plays[0]?.sourceId).toBe(b.value.plays[0]?.sourceId)
    const withId = parseBgStats(file('abc'))
    expect(withId.ok && withId.value.plays[0]).toMatchObject({ contentId: false, sourceId: 'uuid:abc' })
  })
})

describe('plays alike in content (issue 27, item 2)', () => {
  const backup = (uuids: (string | undefined)[]) => ({
    players: [
      { id: 1, name: 'Ana' },
      { id: 2, name: 'Bo' },
    ],
    games: [{ id: 7, name: 'Seven Eight Nine' }],
    plays: uuids.map((uuid) => ({
      ...(uuid ? { uuid } : {}),
      playDate: '2024-01-01 20:00:00',
      gameRefId: 7,
      playerScores: [
        { playerRefId: 1, score: '', winner: true },
        { playerRefId: 2, score: '', winner: false },
      ],
    })),
  })
  const plan = (raw: unknown) => {
    const f = parseBgStats(raw)
    if (!f.ok) throw new Error(f.reason)
    return planImport(f.value, [], {}, () => false).preview
  }

  it('with distinct ids are distinct plays, however alike (three quick plays in one minute)', () => {
    const p = plan(backup(['u1', 'u2', 'u3']))
    expect(p.duplicates).toEqual([])
    expect(p.toImport).toBe(3)
  })

  it('with the same id twice are one play; without ids, the same content twice is one play', () => {
    expect(plan(backup(['u1', 'u1', 'u2']))).toMatchObject({ toImport: 2, duplicates: [{ of: expect.any(String) }] })
    expect(plan(backup([undefined, undefined]))).toMatchObject({
      toImport: 1,
      duplicates: [{ of: expect.any(String) }],
    })
    // A play without an id is not taken for a play that has one.
    expect(plan(backup(['u1', undefined]))).toMatchObject({ toImport: 2, duplicates: [] })
  })

  it('CSV rows with distinct match keys are distinct plays (66,666 keys are 66,666 plays)', () => {
    const rows = (keys: string[]) =>
      parseCsv(
        `date,time,game,player,winner,match\n${keys
          .map((k) => `2024-03-01,19:30,Nine,Ana,yes,${k}\n2024-03-01,19:30,Nine,Bo,no,${k}\n`)
          .join('')}`,
      )
    const keyed = planImport(rows(['a', 'b', 'c']), [], {}, () => false).preview
    expect([keyed.toImport, keyed.duplicates.length]).toEqual([3, 0])
  })
})
