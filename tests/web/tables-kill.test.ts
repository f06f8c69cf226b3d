/**
 * The laptop killed while phones enter rounds (docs/TABLES.md § What survives): every round a phone
 * had an answer for is kept, and after a restart every phone resends what it had not heard back
 * about, each answered once, so every entry is in the match exactly once.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, expect, it } from 'vitest'
import type { PhoneAnswer } from '../../src/web/tables/service'
import { cookieOf, phoneRequest, type PhoneReply } from '../helpers/phone'
import { tempDir } from '../helpers/tmp'

const HOST = '127.0.0.3'
const tmp = tempDir('ninekeeper-tables-kill-')
const children: ChildProcessWithoutNullStreams[] = []

afterEach(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  tmp.cleanup()
})

interface Laptop {
  origin: string
  ask<T>(msg: Record<string, unknown>): Promise<T>
  child: ChildProcessWithoutNullStreams
  exited: Promise<void>
}

async function startLaptop(dataDir: string, rendererDir: string): Promise<Laptop> {
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    join(__dirname, '../helpers/tables-process.ts'),
    dataDir,
    HOST,
    rendererDir,
  ])
  children.push(child)
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const waiting = new Map<number, (v: unknown) => void>()
  let origin = ''
  let ready: () => void = () => {}
  const isReady = new Promise<void>((done) => (ready = done))
  createInterface({ input: child.stdout }).on('line', (line) => {
    const msg = JSON.parse(line) as { ready?: boolean; origin?: string; id?: number; result?: unknown }
    if (msg.ready) {
      origin = msg.origin as string
      ready()
    } else waiting.get(msg.id as number)?.(msg.result)
  })
  await isReady
  let next = 0
  return {
    origin,
    child,
    exited,
    ask: <T>(msg: Record<string, unknown>) =>
      new Promise<T>((resolve, reject) => {
        const id = ++next
        waiting.set(id, (r) => {
          const result = r as { ok: boolean; value?: T; error?: { message: string } }
          if (result.ok) resolve(result.value as T)
          else reject(new Error(result.error?.message))
        })
        child.stdin.write(`${JSON.stringify({ ...msg, id })}\n`)
      }),
  }
}

const round = (i: number) => ({
  type: 'round',
  wentOut: i % 3,
  points: [0, 1, 2].map((k) => (k === i % 3 ? 0 : 1 + ((i + k) % 5))),
})

it('a laptop killed mid-entry loses nothing acknowledged, and each resend after the restart is answered once', async () => {
  const dataDir = join(tmp.dir, 'data')
  const rendererDir = join(tmp.dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'phone.html'), '<!doctype html><title>phone</title>')
  const first = await startLaptop(dataDir, rendererDir)
  const { matchId, code } = await first.ask<{ matchId: string; code: string }>({ setup: true })
  const cookie = cookieOf(await phoneRequest(first.origin, '/pair', { body: { code } }))

  // Three rounds answered before anything goes wrong.
  const acked = new Map<string, string>()
  for (let i = 0; i < 3; i++) {
    const key = `before-kill-${i}`
    const r = await phoneRequest(first.origin, '/phone/enter', { cookie, body: { key, action: round(i) } })
    acked.set(key, (r.json.value as PhoneAnswer).eventId)
  }

  // Sixty entries at once; the laptop is killed as soon as the first of them is answered.
  const keys = Array.from({ length: 60 }, (_, i) => `during-kill-${i}`)
  let killed = false
  const sent = keys.map((key, i) =>
    phoneRequest(first.origin, '/phone/enter', { cookie, body: { key, action: round(3 + i) } }).then(
      (r: PhoneReply) => {
        if (!killed) {
          killed = true
          first.child.kill('SIGKILL')
        }
        if (r.json.ok) acked.set(key, (r.json.value as PhoneAnswer).eventId)
      },
      () => undefined, // no answer: the phone keeps the entry and sends it again
    ),
  )
  await Promise.all(sent)
  await first.exited
  const unanswered = keys.filter((k) => !acked.has(k))
  expect(unanswered.length).toBeGreaterThan(0) // it was killed mid-entry

  // The laptop starts again on the same data file; the phone's cookie still holds.
  const second = await startLaptop(dataDir, rendererDir)
  const afterRestart = await second.ask<number>({ rounds: matchId })
  // Nothing answered was lost (some unanswered ones may have been written before the kill).
  expect(afterRestart).toBeGreaterThanOrEqual(acked.size)

  // The phone sends every entry again (the answered ones too, as a lost answer would look the same).
  let applied = 0
  for (const [i, key] of keys.entries()) {
    const r = await phoneRequest(second.origin, '/phone/enter', { cookie, body: { key, action: round(3 + i) } })
    expect(r.json.ok).toBe(true)
    const answer = r.json.value as PhoneAnswer
    if (acked.has(key)) {
      expect(answer.repeated).toBe(true)
      expect(answer.eventId).toBe(acked.get(key))
    }
    if (!answer.repeated) applied++
  }
  for (const [key, eventId] of [...acked].filter(([k]) => k.startsWith('before'))) {
    const i = Number(key.slice('before-kill-'.length))
    const r = await phoneRequest(second.origin, '/phone/enter', { cookie, body: { key, action: round(i) } })
    expect((r.json.value as PhoneAnswer).eventId).toBe(eventId)
  }
  // Every entry exactly once: 3 before, 60 during, whatever was written before the kill not again.
  expect(await second.ask<number>({ rounds: matchId })).toBe(3 + keys.length)
  expect(applied).toBe(3 + keys.length - afterRestart)
  second.child.stdin.end()
  await second.exited
})
