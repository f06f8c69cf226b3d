/**
 * An organiser's app killed while it hosts the club (docs/SYNC.md § Hosting the hub from the app): the
 * app in a process of its own (tests/helpers/laptop-process.ts) hosts a real tursodb, is SIGKILLed, and
 * its tursodb keeps running with nobody in front of it. The app started again on the same data folder
 * hosts again by itself: it ends that tursodb (src/core/hub/leftover.ts) instead of waiting for a lock
 * that never goes. A pid file naming any other process leaves that process alone.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HostStatus } from '../../src/shared/model/hosting'
import { isAlive, PID_FILE } from '../../src/core/hub/leftover'
import { laptop, type Laptop } from '../helpers/club'
import { freePort } from '../helpers/net'

const dirs: string[] = []
const open: Laptop[] = []
const children: ChildProcess[] = []
const pids: number[] = []
afterEach(async () => {
  for (const l of open.splice(0)) {
    await l.hosting.shutdown()
    await l.shutdown()
  }
  for (const c of children.splice(0)) c.kill('SIGKILL')
  for (const p of pids.splice(0)) if (isAlive(p)) process.kill(p, 'SIGKILL')
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** The app in a process of its own; resolves with its answer to `hub:host-start`. */
function hostInAProcess(dir: string, port: number): Promise<{ child: ChildProcess; status: HostStatus }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '../helpers/laptop-process.ts'), dir, 'Organiser'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  children.push(child)
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the app's process ended (${code}) before it hosted`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const msg = JSON.parse(line) as { ready?: boolean; result?: { ok: boolean; value: HostStatus } }
      if (msg.ready) child.stdin!.write(`${JSON.stringify({ id: 1, channel: 'hub:host-start', input: { port } })}\n`)
      else if (msg.result?.ok) resolve({ child, status: msg.result.value })
      else reject(new Error(`hub:host-start: ${JSON.stringify(msg.result)}`))
    })
  })
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

/** The process's command line (Linux, where these tests run). */
const commandLine = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')

describe('hosting after the app was killed', () => {
  it('the app started again ends the tursodb its killed self left, and hosts again on the same port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-killed-host-'))
    dirs.push(dir)
    const port = await freePort()
    const { child, status } = await hostInAProcess(dir, port)
    expect(status).toMatchObject({ state: 'running', port })
    const club = join(dir, 'hub', 'club.db')
    const left = (JSON.parse(readFileSync(join(dir, 'hub', PID_FILE), 'utf8')) as { pid: number }).pid
    pids.push(left)
    expect(commandLine(left)).toContain(club)

    // Killed, not quit: its tursodb runs on, holding the club's file.
    await killed(child)
    expect(isAlive(left)).toBe(true)

    const again = laptop('Organiser', dir)
    open.push(again)
    await again.hosting.restored
    expect(again.hosting.status()).toMatchObject({ state: 'running', port, error: null })
    expect(isAlive(left)).toBe(false)
    const now = again.hosting.running?.pid ?? 0
    expect(now).not.toBe(left)
    expect(JSON.parse(readFileSync(join(dir, 'hub', PID_FILE), 'utf8'))).toEqual({ pid: now, file: club })
    // The hub answers at its address (the front door asks for the club's token: 401, not a refused connection).
    expect((await fetch(`http://127.0.0.1:${port}/v2/pipeline`, { method: 'POST', body: '{}' })).status).toBe(401)

    // A Stop ends it and forgets it.
    await again.call('hub:host-stop')
    expect(isAlive(now)).toBe(false)
    expect(() => readFileSync(join(dir, 'hub', PID_FILE))).toThrow()
  }, 90_000)

  it('a pid file naming another program (a pid given again) or nothing readable leaves it alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninekeeper-pid-reuse-'))
    dirs.push(dir)
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' })
    children.push(other)
    const a = laptop('Organiser', dir)
    open.push(a)
    // A first start makes the folder; stopped, then the pid file names the other program over the same file.
    const port = await freePort()
    await a.call('hub:host-start', { port })
    await a.call('hub:host-stop')
    const club = join(dir, 'hub', 'club.db')
    writeFileSync(join(dir, 'hub', PID_FILE), JSON.stringify({ pid: other.pid, file: club }))
    expect(await a.call<HostStatus>('hub:host-start', { port })).toMatchObject({ state: 'running' })
    expect(isAlive(other.pid as number)).toBe(true)
    await a.call('hub:host-stop')
    // Text that is no pid record: started all the same.
    writeFileSync(join(dir, 'hub', PID_FILE), '{"pid": "1; rm -rf /"')
    expect(await a.call<HostStatus>('hub:host-start', { port })).toMatchObject({ state: 'running' })
  }, 90_000)

  it('a zombie (ended, never reaped by its parent) is not a live tursodb to wait for', async () => {
    // A child that ends at once, and a parent that never waits for it.
    const parent = spawn(
      'python3',
      ['-c', 'import os, sys, time\npid = os.fork()\nif pid == 0: os._exit(0)\nprint(pid, flush=True)\ntime.sleep(30)'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    )
    children.push(parent)
    const zombie = await new Promise<number>((resolve) =>
      createInterface({ input: parent.stdout! }).once('line', (l) => resolve(Number(l))),
    )
    await vi.waitFor(() => expect(readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /), { timeout: 10_000 })
    expect(() => process.kill(zombie, 0)).not.toThrow()
    expect(isAlive(zombie)).toBe(false)
    expect(isAlive(parent.pid as number)).toBe(true)
  }, 30_000)
})
