/**
 * Issue 16, what still held the main thread during a big import: the database worker competing with
 * it for a core (on Linux the worker thread steps back to nice 10), and the end of the import
 * unlinking the uploaded file (hundreds of MB) synchronously (a big upload is removed on libuv's
 * thread pool; small ones stay synchronous).
 */
import * as fs from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { MAX_CHUNK_BYTES, REMOVE_OFF_THREAD_BYTES } from '../../src/core/services/uploads'
import { tempCore } from '../helpers/tmp'

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>()
  return { ...real, rmSync: vi.fn(real.rmSync) }
})

const core = tempCore()
afterAll(() => core.cleanup())

/** The nice value of each thread of this process (field 19 of /proc/self/task/<tid>/stat). */
function niceByThread(): Map<number, number> {
  const out = new Map<number, number>()
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    out.set(Number(tid), Number(fields[16]))
  }
  return out
}

describe('the main thread keeps a core during long database work', () => {
  it.skipIf(process.platform !== 'linux')(
    'the database worker thread runs at nice 10, the main thread at its own',
    async () => {
      const before = niceByThread()
      const r = await core.dispatch('stats:overview', {})
      expect(r.ok).toBe(true)
      const after = niceByThread()
      expect(after.get(process.pid)).toBe(before.get(process.pid))
      const stepped = [...after].filter(([tid, nice]) => tid !== process.pid && nice === 10)
      expect(stepped).toHaveLength(1)
    },
  )

  it('a big upload is removed off the main thread when it is done with; a small one at once', async () => {
    const rmSync = vi.mocked(fs.rmSync)
    const chunks = Math.ceil((REMOVE_OFF_THREAD_BYTES + 1) / MAX_CHUNK_BYTES)
    const begun = await core.dispatch('upload:begin', { purpose: 'import', size: chunks * MAX_CHUNK_BYTES })
    if (!begun.ok) throw new Error(begun.error.message)
    const { uploadId } = begun.value as { uploadId: string }
    const head = Buffer.from('{"format":"ninekeeper-export","version":2,"events":[')
    for (let i = 0; i < chunks; i++) {
      const data = Buffer.alloc(MAX_CHUNK_BYTES, 0x20)
      if (i === 0) head.copy(data)
      const sent = await core.dispatch('upload:chunk', { uploadId, index: i, data: data.toString('base64') })
      expect(sent.ok).toBe(true)
    }
    const dir = join(core.dir, 'uploads')
    const [name] = fs.readdirSync(dir)
    const path = join(dir, name as string)
    rmSync.mockClear()
    expect((await core.dispatch('upload:cancel', { uploadId })).ok).toBe(true)
    expect(rmSync.mock.calls.filter(([p]) => p === path)).toEqual([])
    expect(await core.dispatch('transfer:import', { uploadId })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    })
    await expect.poll(() => fs.existsSync(path)).toBe(false)

    const small = await core.dispatch('upload:begin', { purpose: 'import', size: head.length })
    if (!small.ok) throw new Error(small.error.message)
    const smallId = (small.value as { uploadId: string }).uploadId
    expect(
      (await core.dispatch('upload:chunk', { uploadId: smallId, index: 0, data: head.toString('base64') })).ok,
    ).toBe(true)
    rmSync.mockClear()
    expect((await core.dispatch('upload:cancel', { uploadId: smallId })).ok).toBe(true)
    expect(rmSync).toHaveBeenCalled()
    expect(fs.readdirSync(dir)).toEqual([])
  })
})
