/** `npm run web -- --label NAME` names the laptop in its club (two bridges on one computer are told apart). */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncStatus } from '../../src/shared/model/sync'
import { testHub, type TestHub } from '../helpers/club'

const ROOT = join(__dirname, '../..')
const CLI = join(ROOT, 'src/web/cli.ts')

let hub: TestHub
beforeAll(async () => {
  hub = await testHub()
})
afterAll(async () => {
  await hub.stop()
})

describe('npm run web --label', () => {
  it('is the laptop’s name in its club', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-label-'))
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--port', '0', '--data-dir', dir, '--label', 'Table 2'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    try {
      const url = await new Promise<URL>((res, rej) => {
        let out = ''
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString()
          const m = /running at (http\S+)/.exec(out)
          if (m) res(new URL(m[1] as string))
        })
        child.once('exit', (code) => rej(new Error(`exited ${code}: ${out}`)))
      })
      const call = async <T>(channel: string, body: unknown): Promise<T> => {
        const r = await fetch(`${url.origin}/api/${channel}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ninekeeper-token': url.searchParams.get('k') ?? '' },
          body: JSON.stringify(body),
        })
        const j = (await r.json()) as { ok: boolean; value: T; error?: { message: string } }
        if (!j.ok) throw new Error(j.error?.message)
        return j.value
      }
      const s = await call<SyncStatus>('club:create', { hubUrl: hub.url })
      expect(s.devices).toEqual([expect.objectContaining({ label: 'Table 2', thisLaptop: true })])
    } finally {
      child.kill()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses an empty or overlong label before opening anything', () => {
    for (const label of ['  ', 'x'.repeat(41)]) {
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', CLI, '--port', '0', '--data-dir', join(tmpdir(), 'never-made'), '--label', label],
        { encoding: 'utf8' },
      )
      expect(r.status).not.toBe(0)
      expect(r.stderr).toMatch(/--label must be 1 to 40 characters/)
    }
  })
})
