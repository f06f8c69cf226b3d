/**
 * Text the hub supplies (the club's name, each laptop's label) is the hub's to say, not this
 * laptop's to trust: a hub (tampered with, or malicious) could send megabytes, control characters
 * or text-direction overrides that make a name read backwards. What is kept and shown is cleaned the
 * way player names are checked (src/shared/model/player.ts): no lone surrogates, no control or bidi
 * characters, white space collapsed, and cut to `max` characters.
 */

/** Read at most this much of a hub string before cleaning it (the rest is never looked at). */
const READ_AT_MOST = 4096

// eslint-disable-next-line no-control-regex
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export function cleanHubText(raw: unknown, max: number): string {
  if (typeof raw !== 'string') return ''
  const text = raw
    .slice(0, READ_AT_MOST)
    .replace(LONE_SURROGATE, '')
    .normalize('NFC')
    .replace(UNSHOWN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = [...text]
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : text
}
