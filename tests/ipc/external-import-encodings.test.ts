/**
 * CSV files as spreadsheets save them (docs/IMPORT.md, "Encodings and separators"): real byte files
 * in UTF-8 with and without a BOM, UTF-16 LE and BE with a BOM, Windows-1252 / Latin-1, separated
 * by commas, semicolons, tabs or `|`, uploaded and previewed through the dispatcher as the page does.
 * The preview says how it read the file; a file that is none of these is refused saying what was found.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExternalImportPreview, ExternalImportReport } from '../../src/shared/import/plan'
import { decodeImportBytes } from '../../src/shared/import/text'
import type { Player } from '../../src/shared/model/player'
import { eventIds } from '../../src/core/services/digest'
import { tempCore } from '../helpers/tmp'

const fixture = (name: string): Buffer => readFileSync(join(__dirname, '../fixtures/csv', name))
const cores: ReturnType<typeof tempCore>[] = []
afterEach(() => {
  for (const c of cores.splice(0)) c.cleanup()
})
type Core = ReturnType<typeof tempCore>
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
async function upload(core: Core, bytes: Buffer): Promise<string> {
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
    purpose: 'external',
    size: bytes.length,
  })
  await call(core, 'upload:chunk', { uploadId, index: 0, data: bytes.toString('base64') })
  return uploadId
}

describe('CSV encodings and separators', () => {
  it.each([
    ['latin1-comma.csv', 'Windows-1252', 'comma', 'Émilie'],
    ['cp1252-semicolon.csv', 'Windows-1252', 'semicolon', 'Zoë’s €uro'],
    ['utf16le-bom-tab.csv', 'UTF-16 LE', 'tab', 'Émilie'],
    ['utf16be-bom-tab.csv', 'UTF-16 BE', 'tab', 'Émilie'],
    ['utf8-tab.csv', 'UTF-8', 'tab', 'Émilie'],
    ['utf8-bom-pipe.csv', 'UTF-8 with BOM', 'vertical bar (|)', 'Émilie'],
  ])('%s is read as %s with the %s as separator, names intact', async (file, encoding, separator, name) => {
    const core = fresh()
    const uploadId = await upload(core, fixture(file))
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId })
    expect(preview.problems).toEqual([])
    expect(preview.reading).toEqual({ encoding, separator })
    expect(preview.toImport).toBe(1)
    expect(preview.players.map((p) => p.name).sort()).toEqual(['Bo', name].sort())
    const report = await call<ExternalImportReport>(core, 'import:external-apply', { uploadId })
    expect(report.matchesRecorded).toBe(1)
    const players = await call<Player[]>(core, 'players:list', {})
    expect(players.map((p) => p.name).sort()).toEqual(['Bo', name].sort())
  })

  it('takes a UTF-16 file larger than one upload part (its NUL bytes are text, not a binary file)', async () => {
    const core = fresh()
    const rows = ['date\ttime\tgame\tplayer\tscore\twinner\tmatch']
    for (let i = 0; i < 1500; i++)
      rows.push(`2024-03-03\t20:15\tNine\tÉmilie\t12\tyes\tm${i}`, `2024-03-03\t20:15\tNine\tBo\t40\tno\tm${i}`)
    for (const [bom, encoding, codec] of [
      [[0xff, 0xfe], 'UTF-16 LE', 'utf16le'],
      [[0xfe, 0xff], 'UTF-16 BE', 'utf16be'],
    ] as const) {
      const le = Buffer.from(rows.join('\r\n'), 'utf16le')
      const body = codec === 'utf16le' ? le : Buffer.from(le).swap16()
      const bytes = Buffer.concat([Buffer.from(bom), body])
      expect(bytes.length).toBeGreaterThan(3 * 64 * 1024)
      const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
        purpose: 'external',
        size: bytes.length,
      })
      for (let i = 0, n = 0; i < bytes.length; i += 64 * 1024, n++)
        await call(core, 'upload:chunk', {
          uploadId,
          index: n,
          data: bytes.subarray(i, i + 64 * 1024).toString('base64'),
        })
      const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId })
      expect(preview.problems).toEqual([])
      expect(preview.reading).toEqual({ encoding, separator: 'tab' })
      expect(preview.toImport).toBe(1500)
    }
    // Without the mark, the first part is refused at once, saying why.
    const bare = Buffer.from(rows.join('\n'), 'utf16le')
    const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
      purpose: 'external',
      size: bare.length,
    })
    const r = await core.dispatch('upload:chunk', {
      uploadId,
      index: 0,
      data: bare.subarray(0, 64 * 1024).toString('base64'),
    })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/no byte-order mark and holds NUL bytes/)
  })

  it('refuses UTF-16 without a byte-order mark, saying how it was read, and changes nothing', async () => {
    const core = fresh()
    const before = eventIds(core.db)
    const r = await core.dispatch('import:external-preview', {
      uploadId: await upload(core, fixture('utf16le-no-bom.csv')),
    })
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe('invalid-file')
      expect(r.error.message).toMatch(
        /no byte-order mark and holds NUL bytes, so it is neither UTF-8 nor Windows-1252 text \(UTF-16 saved without its byte-order mark/,
      )
    }
    expect(eventIds(core.db)).toEqual(before)
  })

  it('a file split by none of the four separators is refused naming the encoding and separator found', async () => {
    const core = fresh()
    const uploadId = await upload(core, fixture('utf8-colon.csv'))
    const preview = await call<ExternalImportPreview>(core, 'import:external-preview', { uploadId })
    expect(preview.canApply).toBe(false)
    expect(preview.reading).toEqual({ encoding: 'UTF-8', separator: 'comma' })
    expect(preview.problems[0]?.reason).toMatch(
      /^read as UTF-8 with the comma as separator, the header row has no date, game, player column/,
    )
    const r = await core.dispatch('import:external-apply', { uploadId })
    expect(r.ok).toBe(false)
    expect(eventIds(core.db)).toEqual([])
  })

  it('decodes with a fatal UTF-8 decoder: Latin-1 bytes are never read as “�”', () => {
    const latin1 = decodeImportBytes(fixture('latin1-comma.csv'))
    expect(latin1).toMatchObject({ ok: true, encoding: 'Windows-1252' })
    if (latin1.ok) {
      expect(latin1.text).toContain('Émilie')
      expect(latin1.text).not.toContain('\uFFFD')
    }
    // A UTF-8 mark on bytes that are not UTF-8 is refused, not guessed.
    expect(decodeImportBytes(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61, 0xc9, 0x0a]))).toEqual({
      ok: false,
      reason: 'it starts with a UTF-8 byte-order mark, but its bytes are not valid UTF-8',
    })
    expect(decodeImportBytes(new TextEncoder().encode('date,game,player\n'))).toMatchObject({ encoding: 'UTF-8' })
    // Windows-1252's own characters at 0x80–0x9f, and a control character after decoding is refused.
    expect(decodeImportBytes(Uint8Array.from([0x80, 0x92, 0x9c, 0xe9]))).toMatchObject({ text: '€’œé' })
    expect(decodeImportBytes(Uint8Array.from([0x61, 0x1b, 0x62]))).toEqual({
      ok: false,
      reason: 'read as UTF-8, it holds the control character U+001B, so it is not a text file',
    })
  })
})
