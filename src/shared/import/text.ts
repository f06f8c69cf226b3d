/**
 * How an imported file's bytes become text (docs/IMPORT.md, "Encodings and separators"): a
 * byte-order mark says UTF-8, UTF-16 LE or UTF-16 BE; without one, bytes that are valid UTF-8 are
 * UTF-8 (checked with a fatal decoder, so nothing is replaced by “�”), and any other bytes are
 * read as Windows-1252 (Latin-1 with the printable characters Windows puts at 0x80–0x9f), the
 * encoding spreadsheets on Windows save CSV in. Text that still holds NUL or other control
 * characters is not a text file (UTF-16 without its mark reads so) and is refused, saying which
 * encoding was tried. Pure: TextDecoder only.
 */

export type TextEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'UTF-16 LE' | 'UTF-16 BE' | 'Windows-1252'

export type DecodedText = { ok: true; text: string; encoding: TextEncoding } | { ok: false; reason: string }

/** Control characters other than tab, line feed and carriage return (and form feed, which some exports keep). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/

function decode(label: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return null
  }
}

/**
 * Windows-1252 bytes 0x80–0x9f as the WHATWG Encoding Standard maps them (the five it leaves
 * undefined stay the C1 controls). Written out because Node's TextDecoder('windows-1252') reads
 * those bytes as ISO-8859-1 controls, which would turn “€” and “’” into control characters.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
]

function windows1252(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = Array.from(bytes.subarray(i, i + 8192), (b) =>
      b >= 0x80 && b < 0xa0 ? (CP1252_HIGH[b - 0x80] as number) : b,
    )
    out += String.fromCharCode(...chunk)
  }
  return out
}

/** The text of an imported file and the encoding it was read in, or why it is not text. */
export function decodeImportBytes(bytes: Uint8Array): DecodedText {
  let encoding: TextEncoding
  let text: string | null
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'UTF-8 with BOM'
    text = decode('utf-8', bytes.subarray(3))
    if (text === null)
      return { ok: false, reason: 'it starts with a UTF-8 byte-order mark, but its bytes are not valid UTF-8' }
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'UTF-16 LE'
    text = decode('utf-16le', bytes.subarray(2))
    if (text === null)
      return { ok: false, reason: 'it starts with a UTF-16 LE byte-order mark, but its bytes are not valid UTF-16' }
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'UTF-16 BE'
    text = decode('utf-16be', bytes.subarray(2))
    if (text === null)
      return { ok: false, reason: 'it starts with a UTF-16 BE byte-order mark, but its bytes are not valid UTF-16' }
  } else {
    if (bytes.includes(0))
      return {
        ok: false,
        reason:
          'it has no byte-order mark and holds NUL bytes, so it is neither UTF-8 nor Windows-1252 text (UTF-16 saved without its byte-order mark reads so: save it as UTF-8)',
      }
    text = decode('utf-8', bytes)
    encoding = 'UTF-8'
    if (text === null) {
      // Not UTF-8: every byte is a character in Windows-1252, so this always reads.
      text = windows1252(bytes)
      encoding = 'Windows-1252'
    }
  }
  const bad = CONTROL.exec(text)
  if (bad) {
    const code = (bad[0].codePointAt(0) as number).toString(16).padStart(4, '0').toUpperCase()
    const nul = bad[0] === '\u0000'
    return {
      ok: false,
      reason: `read as ${encoding}, it holds the control character U+${code}${nul ? ' (NUL)' : ''}, so it is not a text file`,
    }
  }
  return { ok: true, text, encoding }
}
