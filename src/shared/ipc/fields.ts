/**
 * The fields the IPC contract's input schemas are made of (contract.ts): ids, names, dates, a match's
 * options, an engine action, the stats filters, upload chunks, backup names, an external import's
 * choices. Every bound on a size, count or number that a channel's input takes is set here or in
 * the channel's own schema.
 */
import * as v from 'valibot'
import { GAME_IDS } from '../games/ids'
import { VenueName } from '../model/venue'

/**
 * A strict object that is really an object: valibot's strictObject alone accepts an empty array,
 * since an array is an object with no unexpected keys.
 */
export function obj<const E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (x) => x !== null && typeof x === 'object' && !Array.isArray(x),
      'must be an object',
    ),
    v.strictObject(entries),
  )
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const Id = v.pipe(v.string('must be text'), v.regex(UUID, 'must be an id like 0190f5c2-…'))
/** Raw name as typed: bounded here, the 1–40 rule itself lives in validatePlayerName so its message is a player's. */
export const RawName = v.pipe(v.string('must be text'), v.maxLength(200, 'is far too long'))
export const Color = v.nullable(v.pipe(v.string('must be text'), v.maxLength(16, 'is too long')))

/** The games' ids in words, for the messages: "ennea, wild-nine, nine, seven-eight-nine". */
const GAME_ID_WORDS = GAME_IDS.join(', ')
export const GameIdSchema = v.picklist(GAME_IDS, `must be one of ${GAME_ID_WORDS}`)
const Seat = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(0, 'must be 0 or more'),
  v.maxValue(7, 'must be at most 7'),
)
export const IsoDate = v.pipe(
  v.string('must be text'),
  v.isoTimestamp('must be an ISO date-time like 2026-01-31T00:00:00Z'),
)
const MAX_ACTION_JSON = 64 * 1024
/** A club hub: the club's own `npm run hub` (http://…) or a Turso Cloud database (libsql://…); the service checks the form. */
export const HubUrl = v.pipe(
  v.string('must be text'),
  v.minLength(1, 'is empty'),
  v.maxLength(300, 'is too long for an address'),
)
export const HubToken = v.pipe(v.string('must be text'), v.maxLength(4096, 'is too long for a token'))
/** The largest list offset: far beyond any club's history, small enough that SQLite never sees an odd number. */
export const MAX_LIST_OFFSET = 10_000_000
/** House-rule numbers are far smaller (the engines check each rule's own range); this only keeps absurd ones out. */
const MAX_RULE_NUMBER = 1_000_000

function jsonSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? Infinity
  } catch {
    return Infinity
  }
}

/** An engine action: any JSON value of bounded size; the game's engine checks its meaning. */
export const Action = v.pipe(
  v.unknown(),
  v.check((a) => a !== undefined, 'is missing'),
  v.check((a) => jsonSize(a) <= MAX_ACTION_JSON, `is larger than ${MAX_ACTION_JSON / 1024} KB`),
)

/**
 * Optional on every match write: the `head` of the MatchView the request was made against. When the
 * match changed since (another window, another laptop), the write is refused as stale.
 */
export const Expected = v.optional(v.pipe(v.string('must be text'), v.maxLength(80, 'is too long')))
/** The token of a correction preview the referee confirmed (matches:preview-correction). */
export const Confirmed = v.optional(v.pipe(v.string('must be text'), v.maxLength(80, 'is too long')))

export const MatchOptions = obj({
  firstDealer: v.optional(Seat),
  starter: v.optional(Seat),
  target: v.optional(
    v.nullable(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(99, 'must be at most 99'),
      ),
    ),
  ),
  colours: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('must be text'), v.maxLength(16, 'is too long')), 'must be a list'),
      v.maxLength(8, 'has too many entries'),
    ),
  ),
  houseRules: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(40, 'has a key that is too long')),
        v.union(
          [
            v.pipe(v.string('must be text'), v.maxLength(40, 'is too long')),
            v.pipe(
              v.number('must be a number'),
              v.minValue(-MAX_RULE_NUMBER, `must be at least ${-MAX_RULE_NUMBER}`),
              v.maxValue(MAX_RULE_NUMBER, `must be at most ${MAX_RULE_NUMBER}`),
            ),
            v.boolean(),
          ],
          'must be text, a number or true/false',
        ),
        'must be an object',
      ),
      v.check((r) => Object.keys(r).length <= 20, 'has too many entries'),
    ),
  ),
})

/** A calendar day, yyyy-mm-dd: compared with each match's local date (its UTC time plus the offset it was played in). */
export const LocalDay = v.pipe(
  v.string('must be text'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31'),
  v.check(
    (x) => !Number.isNaN(Date.parse(`${x}T00:00:00Z`)) && new Date(`${x}T00:00:00Z`).toISOString().startsWith(x),
    'is not a real date',
  ),
)
export const LocalDays = { fromDate: v.optional(LocalDay), toDate: v.optional(LocalDay) }
export const StatsFilterEntries = {
  from: v.optional(IsoDate),
  to: v.optional(IsoDate),
  /** Local dates, both included. */
  ...LocalDays,
  /** Rounds, average round score and rule events: only finished matches (default) or every match. */
  roundsOf: v.optional(v.picklist(['finished', 'all'], 'must be finished or all')),
  /** A win shared by k players: a whole win (default) or 1/k of one. */
  sharedWin: v.optional(v.picklist(['whole', 'split'], 'must be whole or split')),
  gameId: v.optional(GameIdSchema),
  playerIds: v.optional(
    v.pipe(v.array(Id, 'must be a list of player ids'), v.maxLength(50, 'has more than 50 players')),
  ),
  /** Only matches played at this venue (a recorded match's location, else its night's venue). */
  venue: v.optional(VenueName),
}
/** Base64 of at most 1 MB (the upload chunk size). */
export const Base64Chunk = v.pipe(
  v.string('must be text'),
  v.maxLength(1_398_104, 'is larger than 1 MB'),
  v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
)
export const BackupName = v.pipe(
  v.string('must be text'),
  v.maxLength(120, 'is too long'),
  v.regex(/^ninekeeper\.[A-Za-z0-9.-]+\.sqlite$/, 'must be the name of a backup file'),
)

/**
 * The user's choices in an external import's preview (BG Stats, CSV): a game for a source game name
 * (or 'skip'), and for a source player an existing player or the name of a new one.
 */
export const ExternalChoices = obj({
  games: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(200, 'has a game name that is too long')),
        v.picklist([...GAME_IDS, 'skip'], `must be one of ${GAME_ID_WORDS} or skip`),
        'must be an object',
      ),
      v.check((r) => Object.keys(r).length <= 1000, 'has too many entries'),
    ),
  ),
  players: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(200, 'has a player key that is too long')),
        v.union([obj({ playerId: Id }), obj({ name: RawName })], 'must be { playerId } or { name }'),
        'must be an object',
      ),
      v.check((r) => Object.keys(r).length <= 5000, 'has too many entries'),
    ),
  ),
})
