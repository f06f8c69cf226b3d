import { err, ok, type Result } from '../result'

export interface Player {
  id: string
  name: string
  /** '#rrggbb', or null when the player has not picked one. */
  color: string | null
  archived: boolean
  /** ISO 8601 UTC. */
  createdAt: string
  updatedAt: string
  /** How many matches the player has a seat in; a player with matches can be archived but never deleted. */
  matchCount: number
}

export const PLAYER_NAME_MAX = 40

/** Cube colours offered in the picker; any #rrggbb is accepted. Each keeps 3:1 contrast against both themes. */
export const PLAYER_COLORS = [
  { name: 'Red', value: '#d7263d' },
  { name: 'Blue', value: '#1b6ec2' },
  { name: 'Green', value: '#2e8540' },
  { name: 'Amber', value: '#c98a00' },
  { name: 'Purple', value: '#7b3fb0' },
  { name: 'Teal', value: '#0f8b8d' },
  { name: 'Orange', value: '#e0611b' },
  { name: 'Slate', value: '#5b6770' },
] as const

export const COLOR_PATTERN = /^#[0-9a-f]{6}$/

/** Trims and collapses inner runs of white space; the result is what is stored and shown. */
export function cleanPlayerName(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/g, ' ')
}

/** The key that makes names unique ignoring case ("Ana" and "ANA" clash). */
export function playerNameKey(name: string): string {
  return cleanPlayerName(name).toLocaleLowerCase('en-US')
}

/** A UTF-16 surrogate without its pair: not text, it would be stored as invalid UTF-8 and shown as \uFFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** C0 and C1 control characters and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
/** Bidi embeddings, overrides and isolates (they can make a name read backwards or hide what follows). */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/
/** At least one letter, digit, punctuation mark or symbol: not only spaces, zero-width or combining marks. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u

/**
 * The text rule every name follows (players, seasons, night venues, the club): valid text (no lone
 * surrogate), no control character (NUL included) and no text-direction override. Null when the
 * text passes; else why not, in words. White space is the caller's: a player name is cleaned first.
 */
export function nameTextProblem(text: string): string | null {
  if (LONE_SURROGATE.test(text)) return 'A name must be valid text: this one contains a broken character.'
  if (CONTROL.test(text)) return 'A name cannot contain control characters.'
  if (BIDI_CONTROL.test(text)) return 'A name cannot contain text-direction override characters.'
  return null
}

export function validatePlayerName(raw: string): Result<string> {
  if (LONE_SURROGATE.test(raw)) return err('invalid-name', nameTextProblem(raw) as string, 'name')
  // Tabs and line breaks are white space: cleaning turns them into single spaces before this check.
  const name = cleanPlayerName(raw)
  const problem = nameTextProblem(name)
  if (problem) return err('invalid-name', problem, 'name')
  if (name.length === 0) return err('invalid-name', 'Enter a name.', 'name')
  if ([...name].length > PLAYER_NAME_MAX) {
    return err(
      'invalid-name',
      `A name can have at most ${PLAYER_NAME_MAX} characters; this one has ${[...name].length}.`,
      'name',
    )
  }
  if (!VISIBLE.test(name))
    return err('invalid-name', 'A name needs at least one visible letter, digit or symbol.', 'name')
  return ok(name)
}

export function normalizeColor(raw: string | null): Result<string | null> {
  if (raw === null) return ok(null)
  const c = raw.trim().toLowerCase()
  if (!COLOR_PATTERN.test(c)) return err('invalid-color', 'A colour must be written as #rrggbb, like #1b6ec2.', 'color')
  return ok(c)
}
