/**
 * Laptops for IPC tests: a real core each in its own temporary folder, with a clock that reads one
 * second later each time it is asked (from `start`, or later by setting `now`), closed and removed
 * after each test.
 */
import { afterEach } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import { tempDir } from './tmp'

export type Laptop = Core & { now: number }

/** Call at a test file's top level: the function it returns makes a laptop whose clock starts at `start`. */
export function clockedLaptops(start: string): () => Laptop {
  const open: Laptop[] = []
  const dirs: (() => void)[] = []
  afterEach(() => {
    for (const l of open.splice(0)) if (l.db.open) l.close()
    for (const c of dirs.splice(0)) c()
  })
  return () => {
    const t = tempDir()
    dirs.push(t.cleanup)
    const l = { now: Date.parse(start) } as Laptop
    Object.assign(
      l,
      createCore({
        dataDir: t.dir,
        mode: 'web',
        version: 'test',
        clock: () => new Date((l.now += 1000)),
        log: () => {},
        autoBackup: false,
      }),
    )
    open.push(l)
    return l
  }
}

/** The channel's answer, or the test fails with the refusal. */
export async function call<T>(l: Laptop, channel: string, input: unknown): Promise<T> {
  const r = await l.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}
