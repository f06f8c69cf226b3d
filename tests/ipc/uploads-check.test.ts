/**
 * Issue 11, finding 10 (and 2 for uploads): a file that continues past its first part is checked
 * from that part, so a wrong 300 MB file is refused at its first megabyte; uploads are private.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkFirstBytes, MAX_CHUNK_BYTES } from '../../src/core/services/uploads'
import { snapshot, tempCore } from '../helpers/tmp'

const core = tempCore()
afterAll(() => core.cleanup())
const MB = MAX_CHUNK_BYTES

async function begin(purpose: 'import' | 'restore', size: number): Promise<string> {
  const r = await core.dispatch('upload:begin', { purpose, size })
  if (!r.ok) throw new Error(r.error.message)
  return (r.value as { uploadId: string }).uploadId
}
const uploadsLeft = () => (existsSync(join(core.dir, 'uploads')) ? readdirSync(join(core.dir, 'uploads')) : [])

describe('uploads are checked from their first part', () => {
  it('refuses a 300 MB JSON that is not a Ninekeeper export at its first chunk, and keeps nothing', async () => {
    const before = snapshot(core.db)
    const id = await begin('import', 300 * 1024 * 1024)
    const first = Buffer.from(`{"data": [${'1,'.repeat(MB / 2 - 20)}`.padEnd(MB, ' ')).subarray(0, MB)
    const r = await core.dispatch('upload:chunk', { uploadId: id, index: 0, data: first.toString('base64') })
    expect(r).toMatchObject({ ok: false, error: { code: 'foreign-file', field: 'data' } })
    expect(r.ok ? '' : r.error.message).toMatch(/not a Ninekeeper export/)
    // The upload is gone: later parts and the import itself are refused, nothing stays on disk.
    expect(
      await core.dispatch('upload:chunk', { uploadId: id, index: 1, data: first.toString('base64') }),
    ).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(await core.dispatch('transfer:import', { uploadId: id })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    })
    expect(uploadsLeft()).toEqual([])
    expect(snapshot(core.db)).toEqual(before)
  })

  it('refuses a large restore upload that is not an SQLite file at its first chunk', async () => {
    const id = await begin('restore', 3 * MB)
    const r = await core.dispatch('upload:chunk', {
      uploadId: id,
      index: 0,
      data: Buffer.alloc(MB, 0x50).toString('base64'),
    })
    expect(r).toMatchObject({ ok: false, error: { code: 'not-a-database', field: 'data' } })
    expect(uploadsLeft()).toEqual([])
  })

  it('lets a large upload that begins like the real thing continue, in a private file', async () => {
    const id = await begin('import', 2 * MB)
    const first = Buffer.from('\uFEFF{\n  "format": "ninekeeper-export", "version": 2, "events": ['.padEnd(MB, ' '))
    expect(
      await core.dispatch('upload:chunk', { uploadId: id, index: 0, data: first.subarray(0, MB).toString('base64') }),
    ).toMatchObject({ ok: true })
    if (process.platform !== 'win32') {
      expect(statSync(join(core.dir, 'uploads')).mode & 0o777).toBe(0o700)
      for (const f of uploadsLeft()) expect(statSync(join(core.dir, 'uploads', f)).mode & 0o777).toBe(0o600)
    }
    await core.dispatch('upload:cancel', { uploadId: id })
    expect(uploadsLeft()).toEqual([])
  })

  it('checkFirstBytes knows an export and an SQLite file by their beginning', () => {
    expect(checkFirstBytes('import', Buffer.from('{"format":"ninekeeper-export","version":2'))).toBeNull()
    expect(checkFirstBytes('import', Buffer.from('  {  "format" :  "ninekeeper-export"'))).toBeNull()
    expect(checkFirstBytes('import', Buffer.from('{"format":"other-export"'))?.code).toBe('foreign-file')
    expect(checkFirstBytes('import', Buffer.from('[{"format":"ninekeeper-export"}]'))?.code).toBe('foreign-file')
    expect(checkFirstBytes('restore', Buffer.from('SQLite format 3\u0000rest', 'latin1'))).toBeNull()
    expect(checkFirstBytes('restore', Buffer.from('SQLite format 2\u0000rest', 'latin1'))?.code).toBe('not-a-database')
    expect(checkFirstBytes('restore', Buffer.from('SQLite'))?.code).toBe('not-a-database')
  })
})
