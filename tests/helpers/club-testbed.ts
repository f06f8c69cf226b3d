/**
 * The setup every club sync test file shares: one hub for the file (started before its tests,
 * stopped after), and the laptops and folders a test opens, shut and deleted after it, with the hub
 * emptied, so each test starts from an empty hub.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { laptop, testHub, type Laptop, type TestHub } from './club'

export interface ClubTestbed {
  /** The file's hub (set once its tests run). */
  readonly hub: TestHub
  /** A laptop for this test (an existing data folder `dir` opens that laptop again). */
  lap(name: string, opts?: { dir?: string; clock?: () => Date; timeoutMs?: number }): Laptop
  /** A folder for this test, deleted after it. */
  tempDir(prefix: string): string
  /** Stops tracking a laptop the test shut itself (its folder is still deleted after the test). */
  forget(l: Laptop): void
}

export function clubTestbed(): ClubTestbed {
  let hub: TestHub | undefined
  const open: Laptop[] = []
  const dirs: string[] = []
  beforeAll(async () => {
    hub = await testHub()
  })
  afterAll(async () => {
    await hub?.stop()
  })
  afterEach(async () => {
    for (const l of open.splice(0)) {
      await l.shutdown()
      rmSync(l.dir, { recursive: true, force: true })
    }
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
    await hub?.lose()
  })
  return {
    get hub(): TestHub {
      if (!hub) throw new Error('the hub starts before the tests of the file')
      return hub
    },
    lap(name, opts = {}) {
      const timing = {
        ...(opts.clock ? { clock: opts.clock } : {}),
        ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
      }
      const l = laptop(name, opts.dir, timing)
      open.push(l)
      return l
    },
    tempDir(prefix) {
      const d = mkdtempSync(join(tmpdir(), prefix))
      dirs.push(d)
      return d
    },
    forget(l) {
      const i = open.indexOf(l)
      if (i >= 0) open.splice(i, 1)
      dirs.push(l.dir)
    },
  }
}
