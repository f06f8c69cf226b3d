/**
 * Venues and locations: where a game night or a match was played (a night's venue, a BG Stats
 * location). One text rule for all of them, the rule of every name (./player.ts): no broken
 * character, control or direction override, no spaces at either end, 1 to VENUE_MAX characters.
 */
import * as v from 'valibot'
import { nameTextProblem } from './player'
import { err, ok, type Result } from '../result'

export const VENUE_MAX = 80

/** A venue as entered or read from a file: trimmed, then checked. */
export function validateVenue(raw: string): Result<string> {
  const venue = raw.trim()
  if (venue.length === 0) return err('invalid-venue', 'A venue needs a name.', 'venue')
  if (venue.length > VENUE_MAX)
    return err('invalid-venue', `A venue is at most ${VENUE_MAX} characters; this one has ${venue.length}.`, 'venue')
  const problem = nameTextProblem(venue)
  if (problem) return err('invalid-venue', problem.replace(/^A name /, 'A venue '), 'venue')
  return ok(venue)
}

/** The same rule as a schema (payloads, IPC input): the text must already be trimmed. */
export const VenueName = v.pipe(
  v.string('must be text'),
  v.check((x) => x === x.trim(), 'must not start or end with spaces'),
  v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const r = validateVenue(dataset.value)
    if (!r.ok) addIssue({ message: r.error.message.replace(/^A venue /, '').replace(/\.$/, '') })
  }),
)
