/**
 * The checks every event passes before it is stored: the same for a live call and for an event that
 * arrives in a file or from another laptop. Payloads are checked by kind with valibot (the schema
 * library of the IPC contract); a match start is checked against the game's seat limits, house
 * rules and engine, exactly as a new match made in the app.
 */
import * as v from 'valibot'
import { GAME_IDS, GAME_NAMES, type GameId } from '../games/engine'
import { HOUSE_RULES } from '../games/house-rules'
import { ENGINES, SEAT_LIMITS } from '../games/registry'
import { COLOR_PATTERN, validatePlayerName } from '../model/player'
import { err, ok, type Result } from '../result'
import { isHlc, parseHlc } from './hlc'
import { CLUB_PAYLOADS, checkClubEvent, isClubKind } from './club'
import { DEVICE_PAYLOADS, checkDeviceEvent, isDeviceKind } from './device'
import { RecordedPayloadSchema, validateRecorded } from './recorded'
import { EVENT_KINDS, PAYLOAD_VERSION, type DomainEvent, type EventKind, type PayloadOf } from './types'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const Id = v.pipe(v.string('must be text'), v.regex(UUID, 'must be an id'))
const Color = v.nullable(v.pipe(v.string('must be text'), v.regex(COLOR_PATTERN, 'must be a colour written #rrggbb')))
const MAX_ACTION_JSON = 64 * 1024
const Action = v.pipe(
  v.unknown(),
  v.check((a) => a !== undefined, 'is missing'),
  v.check((a) => {
    try {
      return (JSON.stringify(a)?.length ?? Infinity) <= MAX_ACTION_JSON
    } catch {
      return false
    }
  }, 'is too large'),
)
const Empty = v.strictObject({})
/** The event a change was made after (optional: older events have none); ./causal.ts. */
const Seen = v.optional(Id)
const Replacing = v.strictObject({ replaces: Seen })
const Name = v.pipe(
  v.string('must be text'),
  v.check((n) => {
    const r = validatePlayerName(n)
    return r.ok && r.value === n
  }, 'must be a valid player name'),
)
const RuleValue = v.union(
  [v.pipe(v.string(), v.maxLength(40)), v.number(), v.boolean()],
  'must be text, a number or true/false',
)

const PAYLOADS: { [K in EventKind]: v.GenericSchema<unknown, PayloadOf[K]> } = {
  ...CLUB_PAYLOADS,
  ...DEVICE_PAYLOADS,
  'player.created': v.strictObject({ name: Name, color: Color }),
  'player.renamed': v.strictObject({ name: Name, replaces: Seen }),
  'player.color-set': v.strictObject({ color: Color, replaces: Seen }),
  'player.archived': Replacing,
  'player.restored': Replacing,
  'player.deleted': Empty as v.GenericSchema<unknown, Record<string, never>>,
  'player.merged': v.strictObject({ into: Id, replaces: Seen }),
  'match.started': v.strictObject({
    gameId: v.picklist(GAME_IDS, 'must be a known game'),
    config: v.unknown(),
    houseRules: v.record(v.pipe(v.string(), v.maxLength(40)), RuleValue),
    seats: v.pipe(
      v.array(v.strictObject({ playerId: Id, color: Color })),
      v.minLength(1, 'must seat someone'),
      v.maxLength(8, 'has more than 8 seats'),
    ),
    engineVersion: v.pipe(v.number(), v.integer(), v.minValue(1)),
    utcOffset: v.optional(
      v.pipe(
        v.number(),
        v.integer('must be whole minutes'),
        v.minValue(-840, 'must be at least -840 minutes'),
        v.maxValue(840, 'must be at most 840 minutes'),
      ),
    ),
  }) as v.GenericSchema<unknown, PayloadOf['match.started']>,
  'match.action': v.strictObject({ action: Action, after: Seen }) as v.GenericSchema<
    unknown,
    PayloadOf['match.action']
  >,
  'match.corrected': v.strictObject({ target: Id, action: Action, after: Seen }) as v.GenericSchema<
    unknown,
    PayloadOf['match.corrected']
  >,
  'match.undone': v.strictObject({ target: Id, after: Seen }),
  'match.redone': v.strictObject({ target: Id, after: Seen }),
  'match.closed': v.strictObject({
    status: v.picklist(['finished', 'abandoned'], 'must be finished or abandoned'),
    after: Seen,
  }),
  'match.reopened': v.strictObject({ target: Id, after: Seen }),
  'match.recorded': RecordedPayloadSchema,
}

const Envelope = v.strictObject({
  id: Id,
  deviceId: Id,
  deviceSeq: v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be 1 or more'),
    v.maxValue(Number.MAX_SAFE_INTEGER),
  ),
  hlc: v.pipe(v.string(), v.maxLength(60), v.check(isHlc, 'must be a clock stamp')),
  kind: v.picklist(EVENT_KINDS, 'must be a known kind of event'),
  v: v.number(),
  subject: Id,
  payload: v.unknown(),
})

/** Checks one event's shape and payload; the message says where and what. */
export function validateEvent(raw: unknown): Result<DomainEvent> {
  const env = v.safeParse(Envelope, raw)
  if (!env.success) {
    const issue = env.issues[0]
    return err('invalid-event', `${v.getDotPath(issue) ?? 'the event'} ${issue.message}`)
  }
  const e = env.output
  if (e.v !== PAYLOAD_VERSION)
    return err(
      'unsupported-event',
      `an event of kind ${e.kind} has payload version ${e.v}; this version reads ${PAYLOAD_VERSION}`,
    )
  if (parseHlc(e.hlc)?.deviceId !== e.deviceId)
    return err('invalid-event', 'the clock stamp names another device than the event')
  const payload = v.safeParse(PAYLOADS[e.kind], e.payload)
  if (!payload.success) {
    const issue = payload.issues[0]
    return err('invalid-event', `the ${e.kind} payload: ${v.getDotPath(issue) ?? 'it'} ${issue.message}`)
  }
  if (e.kind === 'match.started') {
    const setup = validateMatchSetup(payload.output as PayloadOf['match.started'])
    if (!setup.ok) return setup
  }
  if (e.kind === 'match.recorded') {
    const recorded = validateRecorded(payload.output as PayloadOf['match.recorded'])
    if (!recorded.ok) return recorded
  }
  if (isClubKind(e.kind)) {
    const club = checkClubEvent({ kind: e.kind, subject: e.subject, payload: payload.output })
    if (!club.ok) return club
  }
  if (isDeviceKind(e.kind)) {
    const device = checkDeviceEvent({ kind: e.kind, subject: e.subject, deviceId: e.deviceId })
    if (!device.ok) return device
  }
  if (e.kind === 'player.merged' && (payload.output as PayloadOf['player.merged']).into === e.subject) {
    return err('invalid-event', 'a player cannot be merged into themselves')
  }
  const seen = seenIds(payload.output)
  if (seen.includes(e.id)) return err('invalid-event', `a ${e.kind} event cannot come after itself`)
  return ok({ ...e, payload: payload.output } as DomainEvent)
}

/** The events a payload says it was written after (`after`, `replaces`, a season edit's `replaces` per field). */
export function seenIds(payload: unknown): string[] {
  const p = payload as { after?: unknown; replaces?: unknown } | null
  if (p === null || typeof p !== 'object') return []
  const out: string[] = []
  if (typeof p.after === 'string') out.push(p.after)
  if (typeof p.replaces === 'string') out.push(p.replaces)
  else if (p.replaces !== null && typeof p.replaces === 'object')
    for (const id of Object.values(p.replaces)) if (typeof id === 'string') out.push(id)
  return out
}

/** A match start, checked as the New match screen's request is: seats, colours, house rules, engine. */
export function validateMatchSetup(p: PayloadOf['match.started']): Result<true> {
  const gameId: GameId = p.gameId
  const name = GAME_NAMES[gameId]
  const limits = SEAT_LIMITS[gameId]
  if (p.seats.length < limits.min || p.seats.length > limits.max) {
    return err(
      'invalid-seats',
      `${name} is played by ${limits.min === limits.max ? `exactly ${limits.min}` : `${limits.min} to ${limits.max}`} players; this match has ${p.seats.length}.`,
      'playerIds',
    )
  }
  if (new Set(p.seats.map((s) => s.playerId)).size !== p.seats.length)
    return err('invalid-seats', 'A player can take only one seat.', 'playerIds')
  for (const [i, s] of p.seats.entries()) {
    if (s.color !== null && !COLOR_PATTERN.test(s.color))
      return err('invalid-color', `The colour of seat ${i + 1} must be written as #rrggbb.`, 'colours')
  }
  const rules = HOUSE_RULES[gameId]
  for (const [key, value] of Object.entries(p.houseRules)) {
    const rule = rules.find((r) => r.key === key)
    if (!rule) return err('invalid-house-rule', `${name} has no house rule called “${key}”.`, 'houseRules')
    if (rule.kind === 'number') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min || value > rule.max) {
        return err(
          'invalid-house-rule',
          `${rule.label} must be a whole number from ${rule.min} to ${rule.max}.`,
          'houseRules',
        )
      }
    } else if (!rule.choices.some((c) => c.value === value)) {
      return err('invalid-house-rule', `${rule.label} cannot be “${String(value)}”.`, 'houseRules')
    }
  }
  const config = p.config as { names?: unknown; houseRules?: unknown; colours?: unknown } | null
  if (config === null || typeof config !== 'object' || Array.isArray(config))
    return err('invalid-config', 'The match settings are missing.')
  if (!Array.isArray(config.names) || config.names.length !== p.seats.length) {
    return err(
      'invalid-config',
      `The match settings name ${Array.isArray(config.names) ? config.names.length : 'no'} players for ${p.seats.length} seats.`,
    )
  }
  if (JSON.stringify(config.houseRules ?? {}) !== JSON.stringify(p.houseRules))
    return err('invalid-config', 'The house rules in the match settings disagree with the match’s own.')
  if (config.colours !== undefined) {
    if (
      !Array.isArray(config.colours) ||
      config.colours.some((c) => c !== null && (typeof c !== 'string' || !COLOR_PATTERN.test(c)))
    ) {
      return err('invalid-color', 'Seat colours must be written as #rrggbb.', 'colours')
    }
  }
  const setup = ENGINES[gameId].setup(p.config)
  if (!setup.ok) return err(setup.error.code, setup.error.message, 'options')
  return ok(true)
}
