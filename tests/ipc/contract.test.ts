import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CHANNELS, type Channel } from '../../src/shared/ipc/channels'
import { schemas } from '../../src/shared/ipc/contract'
import { freePort } from '../helpers/net'
import { snapshot, tempCore } from '../helpers/tmp'

const MB = 'x'.repeat(1024 * 1024)
/** hub:host-start's valid example hosts a hub here. */
const HOST_PORT = await freePort()
const ID = '01a22ac0-b7cc-7707-8c21-a7278f6924c8'
const ID2 = '01a22ac0-b7cc-7707-8c21-a7278f6924c9'

type Case = { valid: Record<string, unknown>; required: string[]; wrong: Record<string, unknown[]> }

/** Wrong values for the stats filters every stats channel takes (contract: StatsFilterEntries). */
const SPAN_WRONG = {
  from: ['yesterday', 1, MB],
  to: [null, 5, '2026-13-45T00:00:00Z'],
  fromDate: ['2026-02-30', '31/01/2026', 20260131, MB],
  toDate: ['2026-13-01', null, MB],
  roundsOf: ['some', true, MB],
  sharedWin: ['half', 0.5, MB],
  playerIds: ['x', [ID, 'nope'], Array(51).fill(ID), null],
  venue: [7, '', 'The \u202eCrown', 'x'.repeat(201), MB],
}

/** For every channel: a valid payload, its required fields and, per field, values of the wrong type or size. */
const CASES: Record<Channel, Case> = {
  'app:info': { valid: {}, required: [], wrong: {} },
  'app:print-pdf': { valid: {}, required: [], wrong: {} },
  'players:list': {
    valid: { includeArchived: true, search: 'an' },
    required: [],
    wrong: { includeArchived: ['yes', 1, null, {}, MB], search: [5, false, null, ['an'], MB] },
  },
  'players:create': {
    valid: { name: 'Nadia', color: '#1b6ec2' },
    required: ['name'],
    wrong: { name: [7, true, null, {}, ['Nadia'], MB], color: [7, true, {}, ['#1b6ec2'], MB] },
  },
  'players:rename': {
    valid: { id: ID, name: 'Nadia' },
    required: ['id', 'name'],
    wrong: { id: [7, null, 'not-a-uuid', `${ID}x`, MB, {}], name: [7, null, {}, MB] },
  },
  'players:set-color': {
    valid: { id: ID, color: '#1b6ec2' },
    required: ['id', 'color'],
    wrong: { id: [7, null, 'nope', MB], color: [7, true, {}, MB] },
  },
  'players:set-archived': {
    valid: { id: ID, archived: true },
    required: ['id', 'archived'],
    wrong: { id: [7, null, 'nope', MB], archived: ['true', 1, null, MB] },
  },
  'players:delete': { valid: { id: ID }, required: ['id'], wrong: { id: [7, null, 'nope', MB, ['a']] } },
  'players:merge-preview': {
    valid: { from: ID, into: ID2 },
    required: ['from', 'into'],
    wrong: { from: [7, null, 'nope', MB], into: [[ID2], 'nope', MB] },
  },
  'players:merge': {
    valid: { from: ID, into: ID2 },
    required: ['from', 'into'],
    wrong: { from: [7, null, 'nope', MB], into: [[ID2], 'nope', MB] },
  },
  'matches:create': {
    valid: {
      gameId: 'nine',
      playerIds: [ID, ID2],
      options: { firstDealer: 1, houseRules: { overNineDeclaration: 'REJECT' } },
    },
    required: ['gameId', 'playerIds'],
    wrong: {
      gameId: ['chess', 9, null, MB, ['nine']],
      playerIds: ['x', [], [ID, 'nope'], Array(9).fill(ID), [MB], null],
      utcOffset: [60.5, -841, 841, '60', null, MB],
      options: [
        'fast',
        1,
        [],
        { firstDealer: 'P1' },
        { firstDealer: 9 },
        { target: 0 },
        { colours: 'red' },
        { houseRules: { x: {} } },
        { houseRules: { k: MB } },
        { sneaky: true },
      ],
    },
  },
  'matches:get': { valid: { id: ID }, required: ['id'], wrong: { id: [7, null, 'nope', MB] } },
  'matches:list': {
    valid: {
      gameId: 'wild-nine',
      playerId: ID,
      status: 'finished',
      from: '2026-01-01T00:00:00Z',
      limit: 10,
      offset: 0,
    },
    required: [],
    wrong: {
      gameId: ['chess', 1],
      playerId: ['nope', 1],
      status: ['done', 1],
      from: ['yesterday', 1, MB],
      to: [null, 5],
      fromDate: ['2026-02-30', 7, MB],
      toDate: ['tomorrow', null],
      limit: [0, 501, 1.5, '10'],
      offset: [-1, 'x'],
    },
  },
  'matches:apply': {
    valid: { id: ID, action: { type: 'round', declarer: 0, totals: [3, 12] }, expected: '000001764504000000.000000.x' },
    required: ['id', 'action'],
    wrong: { id: [7, 'nope'], action: [MB], expected: [7, null, MB] },
  },
  'matches:correct': {
    valid: { id: ID, eventId: ID2, action: { type: 'round' }, confirmed: 'a1b2' },
    required: ['id', 'eventId', 'action'],
    wrong: {
      id: [7, 'nope'],
      eventId: [null, 'nope', MB],
      action: [MB],
      expected: [false, 7, MB],
      confirmed: [7, MB],
    },
  },
  'matches:preview-correction': {
    valid: { id: ID, eventId: ID2, action: { type: 'reveal' }, expected: '' },
    required: ['id', 'eventId', 'action'],
    wrong: { id: [7, 'nope'], eventId: [null, 'nope', MB], action: [MB], expected: [false, MB] },
  },
  'matches:undo': { valid: { id: ID }, required: ['id'], wrong: { id: [7, null, 'nope', MB], expected: [false, MB] } },
  'matches:redo': {
    valid: { id: ID, expected: '' },
    required: ['id'],
    wrong: { id: [7, null, 'nope', MB], expected: [1, {}, MB] },
  },
  'matches:close': {
    valid: { id: ID, status: 'abandoned' },
    required: ['id', 'status'],
    wrong: { id: ['nope'], status: ['deleted', 1, null, MB], expected: [1, {}, MB] },
  },
  'matches:history': { valid: { id: ID }, required: ['id'], wrong: { id: [7, null, 'nope', MB] } },
  'stats:overview': {
    valid: { from: '2026-01-01T00:00:00Z', to: '2026-12-31T00:00:00Z', gameId: 'nine', playerIds: [ID] },
    required: [],
    wrong: { ...SPAN_WRONG, gameId: ['chess', 1] },
  },
  'stats:player': {
    valid: { playerId: ID, gameId: 'ennea' },
    required: ['playerId'],
    wrong: { ...SPAN_WRONG, playerId: [7, null, 'nope', MB], gameId: ['chess'] },
  },
  'stats:head-to-head': {
    valid: { a: ID, b: ID2, gameId: 'wild-nine' },
    required: ['a', 'b'],
    wrong: { ...SPAN_WRONG, a: [7, null, 'nope', MB], b: [[ID], 'nope'], gameId: ['chess', 9] },
  },
  'stats:rating-history': {
    valid: { gameId: 'nine', playerIds: [ID, ID2] },
    required: ['gameId'],
    wrong: { gameId: ['chess', null, MB], playerIds: [ID, Array(13).fill(ID), ['nope'], null] },
  },
  'stats:monthly': {
    valid: { gameId: 'seven-eight-nine' },
    required: [],
    wrong: { ...SPAN_WRONG, gameId: ['chess'], playerIds: [[7], 'x'] },
  },
  'stats:match-progress': { valid: { matchId: ID }, required: ['matchId'], wrong: { matchId: [7, null, 'nope', MB] } },
  'backup:info': { valid: {}, required: [], wrong: {} },
  'backup:now': { valid: {}, required: [], wrong: {} },
  'backup:set-keep': { valid: { keep: 5 }, required: ['keep'], wrong: { keep: [0, 101, 2.5, '5', null, MB] } },
  'backup:restore': {
    valid: { name: 'ninekeeper.2026-01-01T00-00-00-000Z.manual.sqlite' },
    required: [],
    wrong: {
      name: ['../ninekeeper.sqlite', '/etc/passwd', 'ninekeeper/../x.sqlite', 7, null, MB],
      uploadId: ['nope', 7, MB],
    },
  },
  'transfer:export-json': { valid: {}, required: [], wrong: {} },
  'transfer:export-csv': {
    valid: { table: 'rounds' },
    required: ['table'],
    wrong: { table: ['events', 'sqlite_master', 1, null, MB] },
  },
  'transfer:export-json-file': { valid: {}, required: [], wrong: {} },
  'transfer:export-csv-file': {
    valid: { table: 'rounds' },
    required: ['table'],
    wrong: { table: ['events', 'sqlite_master', 1, null, MB] },
  },
  'transfer:save-export': {
    valid: { downloadId: 'a'.repeat(32) },
    required: ['downloadId'],
    wrong: { downloadId: [7, null, 'a'.repeat(31), 'A'.repeat(32), '../x', MB] },
  },
  'transfer:import': { valid: { uploadId: ID }, required: ['uploadId'], wrong: { uploadId: [7, null, 'nope', MB] } },
  'import:external-preview': {
    valid: {
      uploadId: ID,
      choices: {
        games: { Catan: 'skip', NINE: 'nine' },
        players: { '12': { playerId: ID2 }, '13': { name: 'Nadia' } },
      },
    },
    required: ['uploadId'],
    wrong: {
      uploadId: [7, null, 'nope', MB],
      choices: [
        'x',
        [],
        { games: { Catan: 'chess' } },
        { players: { a: { playerId: 'nope' } } },
        { players: { a: { name: MB } } },
        { players: { a: {} } },
        { sneaky: 1 },
      ],
    },
  },
  'import:external-apply': {
    valid: { uploadId: ID },
    required: ['uploadId'],
    wrong: {
      uploadId: [7, null, 'nope', MB],
      choices: ['x', { games: { Nine: 9 } }, { players: { a: { playerId: ID, name: 'x' } } }],
    },
  },
  'upload:begin': {
    valid: { purpose: 'import', size: 1000 },
    required: ['purpose', 'size'],
    wrong: { purpose: ['delete', 1, null, MB], size: [0, -1, 1.5, '10', 513 * 1024 * 1024, null] },
  },
  'upload:chunk': {
    valid: { uploadId: ID, index: 0, data: 'aGVsbG8=' },
    required: ['uploadId', 'index', 'data'],
    wrong: {
      uploadId: ['nope', 7],
      index: [-1, 1.5, '0', null],
      data: ['not base64!', 7, null, 'A'.repeat(1_398_108)],
    },
  },
  'upload:cancel': { valid: { uploadId: ID }, required: ['uploadId'], wrong: { uploadId: [7, null, 'nope', MB] } },
  'club:create': {
    valid: { hubUrl: 'http://127.0.0.1:1', name: 'Thursday club' },
    required: ['hubUrl'],
    wrong: { hubUrl: [7, null, '', MB, ['http://x']], authToken: [7, MB, {}], name: [7, MB, ['x']] },
  },
  'club:join': {
    valid: { hubUrl: 'http://127.0.0.1:1', code: 'NK1-0000' },
    required: ['hubUrl', 'code'],
    wrong: { hubUrl: [7, null, '', MB], authToken: [false, MB], code: [7, null, '', MB, ['NK1']] },
  },
  'club:leave': { valid: {}, required: [], wrong: {} },
  'club:reseed': { valid: {}, required: [], wrong: {} },
  'club:remove-device': {
    valid: { deviceId: ID },
    required: ['deviceId'],
    wrong: { deviceId: [7, null, '', 'nope', MB] },
  },
  'club:change-code': { valid: {}, required: [], wrong: {} },
  'sync:status': { valid: {}, required: [], wrong: {} },
  'sync:now': { valid: {}, required: [], wrong: {} },
  'hub:host-status': { valid: {}, required: [], wrong: {} },
  // A real hub starts on a port nobody holds (the core's close stops it).
  'hub:host-start': {
    valid: { port: HOST_PORT, lan: false },
    required: [],
    wrong: { port: [1023, 65536, 8800.5, '8800', null, MB], lan: ['yes', 1, null, MB] },
  },
  'hub:host-stop': { valid: {}, required: [], wrong: {} },
  'seasons:list': { valid: {}, required: [], wrong: {} },
  'seasons:create': {
    valid: {
      name: 'Spring league',
      startDate: '2026-03-01',
      endDate: '2026-05-31',
      gameIds: ['nine'],
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    },
    required: ['name', 'startDate', 'endDate', 'gameIds', 'playerIds', 'scheme'],
    wrong: {
      name: [7, null, '', ' padded ', MB],
      startDate: ['2026-02-30', '1 March', 20260301, null, MB],
      endDate: ['2026-06-31', '31 May', null, MB],
      gameIds: ['nine', ['chess'], [], ['nine', 'nine'], MB],
      playerIds: [[], ['not-a-uuid'], [ID, ID], ID, MB],
      scheme: [
        null,
        'result',
        { kind: 'result', win: 3 },
        { kind: 'placement', top: 0 },
        { kind: 'result', win: 3.5, draw: 1, loss: 0 },
        { kind: 'elo' },
        MB,
      ],
      attendance: [{ perNight: 0, perMatch: 0 }, { perNight: -1, perMatch: 1 }, { perNight: 1 }, 'x', MB],
      minMatches: [0, 1.5, '3', 1001, MB],
      bestOf: [0, -2, 'all', MB],
      final: [{ topK: 1, matchIds: [ID] }, { topK: 2, matchIds: [] }, { topK: 2, matchIds: [ID, ID, 'x'] }, MB],
    },
  },
  'seasons:update': {
    valid: { id: ID, name: 'Summer league' },
    required: ['id'],
    wrong: {
      id: [7, null, 'x', MB],
      name: ['', 7, MB],
      startDate: ['2026-00-10', null],
      endDate: ['2026-13-01', 5],
      gameIds: [[], ['chess'], 'nine'],
      playerIds: [[], ['nope'], [ID, ID]],
      scheme: [{ kind: 'placement', top: 1000 }],
      attendance: [{ perNight: 1, perMatch: 0.5 }],
      minMatches: [-1],
      bestOf: [0],
      final: [{ topK: 2, matchIds: [] }],
    },
  },
  'seasons:set-archived': {
    valid: { id: ID, archived: true },
    required: ['id', 'archived'],
    wrong: { id: [7, null, MB], archived: ['yes', 1, null] },
  },
  'seasons:delete': { valid: { id: ID }, required: ['id'], wrong: { id: [7, null, 'x', MB] } },
  'seasons:standings': { valid: { id: ID }, required: ['id'], wrong: { id: [7, null, 'x', MB] } },
  'nights:list': {
    valid: { fromDate: '2026-01-01', toDate: '2026-12-31', limit: 20 },
    required: [],
    wrong: { fromDate: ['2026-02-30', 7, MB], toDate: ['2026-04-31', null], limit: [0, 501, 1.5, 'ten'] },
  },
  'nights:set-venue': {
    valid: { date: '2026-03-05', venue: 'The Anchor' },
    required: ['date', 'venue'],
    wrong: { date: ['yesterday', 7, null, MB], venue: [7, {}, MB] },
  },
  'ratings:explain': { valid: { gameId: 'nine' }, required: ['gameId'], wrong: { gameId: ['chess', 7, null, MB] } },
  'ratings:set-system': { valid: { system: 'elo' }, required: ['system'], wrong: { system: ['glicko', 7, null, MB] } },
  'tables:status': { valid: {}, required: [], wrong: {} },
  'tables:open': {
    valid: { host: '127.0.0.1', port: 0, closesAt: '2026-12-05T05:00:00Z' },
    required: ['host'],
    wrong: {
      host: ['localhost', '256.1.1.1', '127.0.0.1:80', 7, null, MB],
      port: [-1, 65536, 1.5, '4180', null],
      closesAt: ['tonight', 6, null, MB],
      tlsCert: ['', 7, null, '/tmp/a\u0000b', MB],
      tlsKey: ['', 7, null, '/tmp/a\u0000b', MB],
    },
  },
  'tables:close': { valid: {}, required: [], wrong: {} },
  'tables:add-phone': {
    valid: { matchId: ID, label: 'Table 3' },
    required: ['matchId', 'label'],
    wrong: { matchId: ['m1', 7, null, MB], label: ['', '   ', 'x'.repeat(41), 'Table\u202e3', 'Tab\tle', 7, null] },
  },
  'tables:revoke': {
    valid: { unitId: 'AbC-12_x' },
    required: ['unitId'],
    wrong: { unitId: ['', 'a/b', 'x'.repeat(41), 7, null, MB] },
  },
  'tables:sources': { valid: { matchId: ID }, required: ['matchId'], wrong: { matchId: ['m1', 7, null, MB] } },
  'records:get': { valid: { year: 2026 }, required: [], wrong: { year: [1969, 10000, 2026.5, '2026', null, MB] } },
  'club:publish-page': {
    valid: { folder: 'club-page', title: 'The Nine Club' },
    required: ['folder'],
    wrong: {
      folder: [7, null, '', 'x'.repeat(4097), '/tmp/a\u0000b', ['/tmp/club']],
      title: [7, null, 'x'.repeat(81), 'The \u202eClub', 'Tab\tClub'],
    },
  },
  'club:choose-page-folder': { valid: {}, required: [], wrong: {} },
  'board:night': {
    valid: { date: '2026-03-05' },
    required: [],
    wrong: { date: ['2026-02-30', 'tonight', 7, null, MB] },
  },
}

/** Malformed the same way on every channel: the payload as a whole is wrong, or junk rides beside a valid one. */
const GENERIC: readonly { name: string; payload: (valid: Record<string, unknown>) => unknown; field?: string }[] = [
  { name: 'a null payload', payload: () => null },
  { name: 'a number payload', payload: () => 42 },
  { name: 'a string payload', payload: () => 'players' },
  { name: 'the valid payload wrapped in an array', payload: (valid) => [valid] },
  { name: 'an empty array payload', payload: () => [] },
  { name: 'a 1 MB string payload', payload: () => MB },
  { name: 'an unknown extra field', payload: (valid) => ({ ...valid, isAdmin: true }), field: 'isAdmin' },
  {
    name: 'a __proto__ key (prototype pollution)',
    payload: (valid) =>
      JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(valid).slice(1, -1) || '"z": 1'}}`),
    field: '__proto__',
  },
  {
    name: 'a constructor key (prototype pollution)',
    payload: (valid) => ({ ...valid, constructor: { prototype: { polluted: true } } }),
    field: 'constructor',
  },
  {
    name: 'an extra field nested 200 arrays deep',
    payload: (valid) => ({ ...valid, deep: JSON.parse('['.repeat(200) + ']'.repeat(200)) }),
  },
]

/** The fields a channel's schema takes (`obj` in the contract: an object check, then a strict object). */
function fieldsOf(channel: Channel): Record<string, unknown> {
  const pipe = (schemas[channel] as { pipe?: readonly { entries?: Record<string, unknown> }[] }).pipe ?? []
  const entries = pipe.find((step) => step.entries !== undefined)?.entries
  if (!entries) throw new Error(`${channel}: the schema is not an object of named fields`)
  return entries
}

/** What the handler answers to a channel's valid example in an empty database, where it is not 'ok'. */
const VALID_ANSWERS: Partial<Record<Channel, string>> = {
  'app:print-pdf': 'not-supported',
  'transfer:save-export': 'not-supported',
  'club:choose-page-folder': 'not-supported',
  // The test core has no table units.
  'tables:status': 'not-supported',
  'tables:open': 'not-supported',
  'tables:close': 'not-supported',
  'tables:add-phone': 'not-supported',
  'tables:revoke': 'not-supported',
  'tables:sources': 'not-supported',
  // A relative path: the service asks for the folder's full path.
  'club:publish-page': 'invalid-folder',
  'club:create': 'hub-unreachable',
  'club:join': 'invalid-club-code',
  ...Object.fromEntries(
    (['club:leave', 'club:reseed', 'club:change-code', 'club:remove-device', 'sync:now'] as const).map((c) => [
      c,
      'not-in-club',
    ]),
  ),
  ...Object.fromEntries(
    (
      [
        'backup:restore',
        'import:external-apply',
        'import:external-preview',
        'matches:apply',
        'matches:close',
        'matches:correct',
        'matches:create',
        'matches:get',
        'matches:history',
        'matches:preview-correction',
        'matches:redo',
        'matches:undo',
        'players:delete',
        'players:merge',
        'players:merge-preview',
        'players:rename',
        'players:set-archived',
        'players:set-color',
        'seasons:delete',
        'seasons:set-archived',
        'seasons:standings',
        'seasons:update',
        'stats:head-to-head',
        'stats:match-progress',
        'stats:player',
        'transfer:import',
        'upload:chunk',
      ] as const
    ).map((c) => [c, 'not-found']),
  ),
}

const shown = (v: unknown): string => {
  const text = JSON.stringify(v)
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} chars)` : text
}

/**
 * The matrix: every channel × every generic malformation, plus each channel's own cases from CASES (a
 * required field left out, a field of the wrong type or size). One row per refusal, each with its name.
 */
const MATRIX: { channel: Channel; name: string; payload: unknown; field: string | undefined }[] = CHANNELS.flatMap(
  (channel) => {
    const c = CASES[channel]
    return [
      ...GENERIC.map((g) => ({ channel, name: g.name, payload: g.payload(c.valid), field: g.field })),
      ...c.required.map((f) => {
        const { [f]: _left, ...rest } = c.valid
        return { channel, name: `${f} left out`, payload: rest, field: f }
      }),
      ...Object.entries(c.wrong).flatMap(([f, values]) =>
        values.map((v) => ({ channel, name: `${f} = ${shown(v)}`, payload: { ...c.valid, [f]: v }, field: f })),
      ),
    ]
  },
)

// One database for the whole matrix: every row checks that it changed nothing, so the rows cannot affect
// each other, and some data is there so "unchanged" is a real check.
let core: ReturnType<typeof tempCore>
beforeAll(async () => {
  core = tempCore()
  const ana = await core.dispatch('players:create', { name: 'Ana', color: '#d7263d' })
  expect(ana.ok).toBe(true)
  await core.dispatch('players:create', { name: 'Bo' })
})
afterAll(() => core.cleanup())

describe('IPC contract', () => {
  it('has a case and a schema for every channel', () => {
    expect(Object.keys(CASES).sort()).toEqual([...CHANNELS].sort())
    expect(Object.keys(schemas).sort()).toEqual([...CHANNELS].sort())
  })

  it('tries every field of every channel with wrong values', () => {
    // A field added to a schema without cases of its own is never tried with a wrong value by the matrix.
    const untried = CHANNELS.flatMap((channel) =>
      Object.keys(fieldsOf(channel))
        .filter((f) => !(CASES[channel].wrong[f]?.length ?? 0))
        .map((f) => `${channel} ${f}`),
    )
    expect(untried).toEqual([])
  })

  it.each(MATRIX)(
    '$channel refuses $name with invalid-input and changes nothing',
    async ({ channel, payload, field }) => {
      const before = snapshot(core.db)
      const r = await core.dispatch(channel, payload)
      expect(r.ok).toBe(false)
      if (r.ok) return
      expect(r.error.code).toBe('invalid-input')
      expect(r.error.message).toMatch(new RegExp(`^Invalid request for ${channel}: `))
      expect(r.error.message.length).toBeLessThan(300)
      // The field names the offending part: the field itself or something inside it (options.firstDealer).
      if (field)
        expect(r.error.field === field || r.error.field?.startsWith(`${field}.`), `field ${r.error.field}`).toBe(true)
      expect(snapshot(core.db)).toEqual(before)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
  )

  describe('valid examples', () => {
    // These may write, so each gets a database of its own.
    let fresh: ReturnType<typeof tempCore>
    beforeEach(() => {
      fresh = tempCore()
    })
    afterEach(() => fresh.cleanup())

    it.each(CHANNELS)('%s accepts its valid example and its handler answers as expected', async (channel) => {
      const r = await fresh.dispatch(channel, CASES[channel].valid)
      // Valid payloads reach the handler, which answers: the ids in the table name nothing in an empty
      // database (not-found), no club is joined here, and the desktop-only channels say so. Never
      // invalid-input, and never internal (a crash the dispatcher hid).
      expect(r.ok ? 'ok' : r.error.code).toBe(VALID_ANSWERS[channel] ?? 'ok')
    })
  })

  it('refuses an unknown channel', async () => {
    const before = snapshot(core.db)
    const r = await core.dispatch('players:drop-table', {})
    expect(r).toEqual({
      ok: false,
      error: { code: 'unknown-channel', message: 'There is no channel called "players:drop-table".' },
    })
    expect(snapshot(core.db)).toEqual(before)
  })

  it('turns a handler crash into an internal error without leaking it', async () => {
    const logged: string[] = []
    const { createDispatcher } = await import('../../src/core/ipc/dispatch')
    const dispatch = createDispatcher(
      {
        ...core.handlers,
        'players:list': () => {
          throw new Error('disk on fire')
        },
      },
      (_e, ch) => logged.push(ch),
    )
    const r = await dispatch('players:list', {})
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe('internal')
      expect(r.error.message).not.toMatch(/disk on fire/)
    }
    expect(logged).toEqual(['players:list'])
  })
})
