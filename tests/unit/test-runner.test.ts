/**
 * `npm test` runs its quick checks side by side (scripts/test.mjs): never more at once than asked, each
 * one's output held whole (so the log reads in order) with its exit code.
 */
import { describe, expect, it } from 'vitest'
import { inTurns, runHeld } from '../../scripts/lib.mjs'

describe('inTurns', () => {
  it('runs at most the limit at once and gives the results in the tasks’ order', async () => {
    let running = 0
    let most = 0
    const releases: (() => void)[] = []
    const tasks = [0, 1, 2, 3, 4].map((i) => async () => {
      running++
      most = Math.max(most, running)
      await new Promise<void>((done) => releases.push(done))
      running--
      return i * 10
    })
    const all = inTurns(tasks, 2)
    // Release the tasks one by one, the newest first, as each becomes waiting.
    while (releases.length > 0 || running > 0) {
      await new Promise((r) => setImmediate(r))
      releases.pop()?.()
    }
    expect(await all).toEqual([0, 10, 20, 30, 40])
    expect(most).toBe(2)
  })

  it('runs every task once when the limit is above their number', async () => {
    const seen: number[] = []
    expect(
      await inTurns(
        [1, 2].map((i) => async () => (seen.push(i), i)),
        8,
      ),
    ).toEqual([1, 2])
    expect(seen.sort()).toEqual([1, 2])
  })
})

describe('runHeld', () => {
  it('holds stdout and stderr and gives the exit code', async () => {
    const held = await runHeld(process.execPath, [
      '-e',
      "process.stdout.write('one\\n'); setTimeout(() => { process.stderr.write('two\\n'); setTimeout(() => { process.stdout.write('three\\n'); process.exit(3) }, 20) }, 20)",
    ])
    expect(held.code).toBe(3)
    // Two pipes: only each one's own order is certain on a busy machine.
    expect(held.output.replace('two\n', '')).toBe('one\nthree\n')
    expect(held.output).toContain('two\n')
  })

  it('says when the command cannot be started', async () => {
    const held = await runHeld('/nonexistent/ninekeeper-tool', [])
    expect(held.code).toBe(127)
    expect(held.output).toContain('/nonexistent/ninekeeper-tool')
  })
})
