/**
 * The domain events: every fact Ninekeeper keeps, in one append-only log. Everything else in the
 * database (players, matches, seats, round rows, results, stats, ratings) is a projection that the
 * reducer in ./reduce.ts rebuilds from these alone. See docs/ARCHITECTURE.md ("The event log").
 */
import type { GameId } from '../games/engine'
import { CLUB_EVENT_KINDS, type ClubPayloadOf } from './club'
import { DEVICE_EVENT_KINDS, type DevicePayloadOf } from './device'
import type { RecordedPayload } from './recorded'

export const PLAYER_EVENT_KINDS = [
  'player.created',
  'player.renamed',
  'player.color-set',
  'player.archived',
  'player.restored',
  'player.deleted',
  'player.merged',
] as const
export const MATCH_EVENT_KINDS = [
  'match.started',
  'match.action',
  'match.corrected',
  'match.undone',
  'match.redone',
  'match.closed',
  'match.reopened',
  'match.recorded',
] as const
/** Seasons, night venues and club settings (./club.ts), then laptops taken out of a club (./device.ts). */
export const EVENT_KINDS = [
  ...PLAYER_EVENT_KINDS,
  ...MATCH_EVENT_KINDS,
  ...CLUB_EVENT_KINDS,
  ...DEVICE_EVENT_KINDS,
] as const

export type PlayerEventKind = (typeof PLAYER_EVENT_KINDS)[number]
export type MatchEventKind = (typeof MATCH_EVENT_KINDS)[number]
export type EventKind = (typeof EVENT_KINDS)[number]

/** The payload version every kind is written with today; a reader refuses versions it does not know. */
export const PAYLOAD_VERSION = 1

/**
 * What a field change had seen (optional: events written before it existed have none): the id of
 * the event whose value of that field it replaces. It then comes after that event on every laptop,
 * whatever the clocks say (./causal.ts); without it, (HLC, id) decides.
 */
export interface Replaces {
  replaces?: string
}

/** What a match event had seen (optional, as Replaces): the id of the match's head it was checked against. */
export interface After {
  after?: string
}

export interface PayloadOf extends ClubPayloadOf, DevicePayloadOf {
  'player.created': { name: string; color: string | null }
  'player.renamed': { name: string } & Replaces
  'player.color-set': { color: string | null } & Replaces
  'player.archived': Replaces
  'player.restored': Replaces
  'player.deleted': Record<string, never>
  /** This player's history now belongs to `into`. */
  'player.merged': { into: string } & Replaces
  'match.started': {
    gameId: GameId
    /** The engine config (house rules, names, first dealer...), so the match always replays the same. */
    config: unknown
    houseRules: Record<string, string | number | boolean>
    seats: { playerId: string; color: string | null }[]
    engineVersion: number
    /**
     * Minutes east of UTC where the match was played (-840..840), so its local date is the same on
     * every computer. Optional: events without it are read as 0 (UTC), never as the reader's own
     * offset, which would make the projections depend on the machine.
     */
    utcOffset?: number
  }
  'match.action': { action: unknown } & After
  /** A new version of the action logged by event `target`. */
  'match.corrected': { target: string; action: unknown } & After
  /** Takes back event `target` (an action, correction, close or redo). */
  'match.undone': { target: string } & After
  /** Takes back the undo `target`, so what it took back is in force again. */
  'match.redone': { target: string } & After
  'match.closed': { status: 'finished' | 'abandoned' } & After
  /** Takes back the close `target`. */
  'match.reopened': { target: string } & After
  /** A whole result played elsewhere and imported, without rounds (./recorded.ts). */
  'match.recorded': RecordedPayload
}

export interface DomainEvent<K extends EventKind = EventKind> {
  /** UUIDv7, made on the device that recorded the event. */
  id: string
  /** The device that recorded the event; a device id never lives on two machines. */
  deviceId: string
  /** 1, 2, 3 … per device, without gaps: a sync cursor can trust it. */
  deviceSeq: number
  /** Hybrid logical clock stamp (./hlc.ts): orders the events that did not see each other, with id as tie-break. */
  hlc: string
  kind: K
  v: number
  /** The player or match the event is about. */
  subject: string
  payload: PayloadOf[K]
}

export type AnyEvent = { [K in EventKind]: DomainEvent<K> }[EventKind]

export function isPlayerKind(kind: string): kind is PlayerEventKind {
  return (PLAYER_EVENT_KINDS as readonly string[]).includes(kind)
}

export function isMatchKind(kind: string): kind is MatchEventKind {
  return (MATCH_EVENT_KINDS as readonly string[]).includes(kind)
}

/** HLC, then id: the order of events that name nothing they saw (./causal.ts orders the rest). */
export function compareEvents(a: { hlc: string; id: string }, b: { hlc: string; id: string }): number {
  return a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
