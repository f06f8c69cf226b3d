/**
 * The error codes the services, the IPC dispatcher and the web server refuse a request with, as one
 * union, beside the games' own (./games/errors.ts): the renderer matches on them through `hasCode`, so
 * a typo is a compile error. On the wire a code stays the plain string it has always been
 * (`Result.error.code`); a code that has shipped is never renamed (docs/ARCHITECTURE.md § Adding a
 * channel). A test reads every refusal in src/core, src/main, src/web and src/shared for a code
 * missing here.
 */
import type { AppError } from './result'
import type { GameErrorCode } from './games/errors'

export const SERVICE_ERROR_CODES = [
  // any request
  'invalid-input',
  'not-found',
  'busy',
  'internal',
  'disk-full',
  'unknown-channel',
  'not-supported',
  'forbidden-sender',
  'bad-token',
  // the web server's transport (src/web/server.ts)
  'method-not-allowed',
  'forbidden-origin',
  'unsupported-media-type',
  'invalid-json',
  // the web client, when the app's server does not answer
  'unreachable',
  // players
  'invalid-name',
  'invalid-color',
  'duplicate-name',
  'same-player',
  'player-has-matches',
  // matches
  'invalid-seats',
  'archived-player',
  'invalid-config',
  'invalid-house-rule',
  'stale',
  'match-closed',
  'match-unreadable',
  'recorded-match',
  'unknown-game',
  'nothing-played',
  'nothing-to-undo',
  'nothing-to-redo',
  'cannot-undo',
  'cannot-redo',
  'correction-breaks-later-entry',
  'correction-preview-changed',
  // club data: nights, seasons, venues
  'archived',
  'invalid-dates',
  'invalid-venue',
  'too-many-matches',
  // the club page (src/core/services/club-page)
  'invalid-folder',
  'write-failed',
  // files: exports, imports, uploads, backups
  'invalid-file',
  'invalid-event',
  'unsupported-event',
  'invalid-rows',
  'unsupported-version',
  'ninekeeper-export',
  'foreign-file',
  'unreadable',
  'not-a-database',
  'too-large',
  'too-new',
  'corrupt',
  'incomplete',
  'out-of-order',
  'too-many-uploads',
  'backup-failed',
  'restore-failed',
  // club sync
  'invalid-club-code',
  'invalid-hub-url',
  'not-in-club',
  'already-in-club',
  'already-removed',
  'removed',
  'wrong-club',
  'cloud-hub',
  'code-changed',
  'code-changed-elsewhere',
  'hub-cannot-change-code',
  'hub-failed',
  'hub-in-use',
  'hub-not-empty',
  'hub-unreachable',
  'too-many-laptops',
  // hosting the club's hub on this laptop (src/core/hub/hosting.ts)
  'port-in-use',
  // table units (src/web/tables/, docs/TABLES.md)
  'bad-code',
  'not-paired',
  'not-allowed',
  'not-your-entry',
] as const

export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number]

/** Any code a request can be refused with: a service's or a game engine's. */
export type ErrorCode = ServiceErrorCode | GameErrorCode

/** The refusal of a correction that makes a later entry of the log impossible (the service and the round form's preview). */
export const CORRECTION_BREAKS_LATER_ENTRY = 'correction-breaks-later-entry' satisfies ServiceErrorCode

/** Whether an error that came back (over IPC, from the web server) is refused with `code`. */
export function hasCode(error: AppError, code: ErrorCode): boolean {
  return error.code === code
}
