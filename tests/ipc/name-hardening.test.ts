/**
 * One text rule for every name, and names that are Object.prototype's keys:
 * - a player or game called “constructor”, “__proto__” or “toString” in an imported file is that
 *   name, never a value read through the prototype chain (choices are looked up by own keys);
 * - such a word as a game id over IPC is a refusal (invalid-input), never an internal error;
 * - season names and night venues refuse what player names refuse: a direction override, NUL and
 *   other controls, a lone surrogate (src/shared/model/player.ts, nameTextProblem), at the contract,
 *   in the service and in the event check another laptop makes.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { eventIds, projectionRows } from '../../src/core/services/digest'
import { validateEvent } from '../../src/shared/events/validate'
import type { ExternalImportPreview, ExternalImportReport } from '../../src/shared/import/plan'
import type { Player } from '../../src/shared/model/player'
import { tempCore } from '../helpers/tmp'

type Core = ReturnType<typeof tempCore>
const cores: Core[] = []
afterEach(() => {
  for (const c of cores.splice(0)) c.cleanup()
})
function fresh(): Core {
  const c = tempCore()
  cores.push(c)
  return c
}
async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}
async function upload(core: Core, text: string): Promise<string> {
  const bytes = Buffer.from(text)
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
    purpose: 'external',
    size: bytes.length,
  })
  await call(core, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
  return uploadId
}
async function refusedUnchanged(
  core: Core,
  channel: string,
  input: unknown,
): Promise<{ code: string; message: string }> {
  const before = { events: eventIds(core.db), rows: projectionRows(core.db) }
  const r = await core.dispatch(channel, input)
  expect(r.ok).toBe(false)
  expect({ events: eventIds(core.db), rows: projectionRows(core.db) }).toEqual(before)
  return r.ok ? { code: '', message: '' } : r.error
}

const BAD = [
  ['a direction override', 'Spring \u202Eevil'],
  ['NUL', 'Spring\u0000'],
  ['a lone surrogate', 'Spring \uD800'],
  ['an escape character', 'Spring \u001B[31m'],
] as const

describe('names that are Object.prototype keys', () => {
  it('players and games called constructor, __proto__ and toString import as themselves', async () => {
    const core = fresh()
    const csv = [
      'date,game,player,winner',
      '2026-03-02,constructor,constructor,yes',
      '2026-03-02,constructor,__proto__,no',
      '2026-03-03,Nine,constructor,yes',
      '2026-03-03,Nine,__proto__,no',
      '2026-03-03,Nine,toString,no',
      '2026-03-04,__proto__,Bo,yes',
      '2026-03-04,__proto__,toString,no',
    ].join('\n')
    const uploadId = await upload(core, csv)
    // Choices for other names: the file's names must not be found on the choices' prototype.
    const choices = { games: { Catan: 'skip' }, players: { bo: { name: 'Bobby' } } }
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId, choices })
    expect(preview.problems).toEqual([])
    expect(preview.games.map((g) => [g.name, g.gameId, g.how]).sort()).toEqual([
      ['Nine', 'nine', 'name'],
      ['__proto__', null, 'unmatched'],
      ['constructor', null, 'unmatched'],
    ])
    expect(preview.players.map((p) => [p.name, p.targetName, p.how]).sort()).toEqual([
      ['__proto__', '__proto__', 'new'],
      ['constructor', 'constructor', 'new'],
      ['toString', 'toString', 'new'],
    ])
    const report = await call<ExternalImportReport>(core, 'import:external-apply', { uploadId, choices })
    expect(report).toMatchObject({ matchesRecorded: 1, playersCreated: 3 })
    const players = await call<Player[]>(core, 'players:list', {})
    expect(players.map((p) => p.name).sort()).toEqual(['__proto__', 'constructor', 'toString'])
  })

  it('a game id that is a prototype key is refused as input, never an internal error', async () => {
    const core = fresh()
    const ana = (await call<{ id: string }>(core, 'players:create', { name: 'Ana' })).id
    const bo = (await call<{ id: string }>(core, 'players:create', { name: 'Bo' })).id
    for (const gameId of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const [channel, input] of [
        ['matches:create', { gameId, playerIds: [ana, bo] }],
        ['ratings:explain', { gameId }],
        ['stats:overview', { gameId }],
        [
          'seasons:create',
          {
            name: 'S',
            startDate: '2026-01-01',
            endDate: '2026-02-01',
            gameIds: [gameId],
            playerIds: null,
            scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
          },
        ],
      ] as const) {
        const error = await refusedUnchanged(core, channel, input)
        expect(error.code, `${channel} ${gameId}`).toBe('invalid-input')
      }
    }
  })
})

describe('one text rule for every name', () => {
  it.each(BAD)('a season name with %s is refused like a player name', async (_what, name) => {
    const core = fresh()
    const player = await core.dispatch('players:create', { name })
    expect(player.ok).toBe(false)
    const error = await refusedUnchanged(core, 'seasons:create', {
      name,
      startDate: '2026-01-01',
      endDate: '2026-02-01',
      gameIds: null,
      playerIds: null,
      scheme: { kind: 'result', win: 3, draw: 1, loss: 0 },
    })
    expect(error.code).toBe('invalid-input')
    expect(error.message).toMatch(/name (must be valid text|cannot contain)/)
  })

  it.each(BAD)(
    'a night venue with %s is refused, and so is the event another laptop would send',
    async (_what, venue) => {
      const core = fresh()
      const error = await refusedUnchanged(core, 'nights:set-venue', { date: '2026-03-05', venue })
      expect(error.code).toBe('invalid-venue')
      expect(error.message).toMatch(/^A venue (must be valid text|cannot contain)/)
      const event = {
        id: '0190a0a0-0000-7000-8000-000000000002',
        deviceId: '0190a0a0-0000-7000-8000-0000000000d1',
        deviceSeq: 1,
        hlc: '000000000000001.000000.0190a0a0-0000-7000-8000-0000000000d1',
        kind: 'night.venue-set',
        v: 1,
        subject: '20260305-0000-8000-8000-00000000a1e0',
        payload: { date: '2026-03-05', venue },
      }
      expect(validateEvent({ ...event, payload: { date: '2026-03-05', venue: 'The Anchor' } }).ok).toBe(true)
      expect(validateEvent(event).ok).toBe(false)
    },
  )
})
