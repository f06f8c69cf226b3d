/**
 * The organiser's side of the table units (docs/TABLES.md): what Settings → Club night shows and
 * sends. Plain types and checks; the listener itself is src/web/tables/.
 */
import * as v from 'valibot'
import type { Result } from '../result'

/** One phone added to a running match this evening. */
export interface TableUnitRow {
  id: string
  matchId: string
  /** How the phone is named in the list and in the match history ("Table 3"). */
  label: string
  createdAt: string
  /** When it exchanged its code, or null while its code waits. */
  pairedAt: string | null
  revokedAt: string | null
  lastSeenAt: string | null
}

export interface TablesStatus {
  /** True while phones are served (from Open table units until the closing time or Close). */
  open: boolean
  closesAt: string | null
  /** The address phones open, e.g. http://192.168.1.20:4180; null while closed. */
  origin: string | null
  https: boolean
  /** The laptop's IPv4 interfaces the listener can be put on. */
  interfaces: { name: string; address: string }[]
  units: TableUnitRow[]
}

export interface AddedPhone {
  unit: TableUnitRow
  /** The one-time code to type, in groups of five (26 characters: 128 random bits). */
  code: string
  /** The address in the QR code (the code rides in its #fragment, never sent to a server). */
  url: string
  /** The QR code as an SVG document. */
  qrSvg: string
  expiresAt: string
}

/** An IPv4 address (the organiser picks one of the laptop's interfaces). */
export const ListenHost = v.pipe(
  v.string('must be an IPv4 address'),
  v.regex(/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/, 'must be an IPv4 address'),
)

/** A phone's name in the list: 1 to 40 characters, no control characters. */
export const UnitLabel = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(40, 'must be at most 40 characters'),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]*$/, 'must not hold control or direction characters'),
)

/** What the handlers of the tables:* channels call (src/web/tables/control.ts implements it). */
export interface TablesControl {
  status(): TablesStatus
  open(input: {
    host: string
    port?: number | undefined
    closesAt?: string | undefined
    tlsCert?: string | undefined
    tlsKey?: string | undefined
  }): Promise<Result<TablesStatus>>
  close(): Promise<Result<TablesStatus>>
  addPhone(input: { matchId: string; label: string }): Result<AddedPhone>
  revoke(input: { unitId: string }): Result<TablesStatus>
  /** Which phone entered each event of a match: event id → the phone's label. */
  sources(matchId: string): Record<string, string>
  /** Resolves once the listener an evening still open at start is served again on is up (or could not be). */
  restored(): Promise<void>
  /** Stops the listener (the app is closing); the evening stays open for the next start. */
  shutdown(): Promise<void>
}

/** A PEM file's full path on this laptop (the club's certificate or its key). */
export const PemFile = v.pipe(
  v.string('must be a file path'),
  v.minLength(1, 'must not be empty'),
  v.maxLength(4096, 'is too long'),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^\u0000]*$/, 'must not hold a NUL character'),
)
