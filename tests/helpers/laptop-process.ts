/**
 * A laptop in a process of its own, for tests that SIGKILL it mid-sync: a real core over a data
 * folder, answering JSON lines on stdin ({ id, channel, input } → { id, result }) on stdout.
 * `{ id, play: n }` plays n Wild Nine rounds in one go (test set-up without n round trips).
 *
 *   node --import tsx tests/helpers/laptop-process.ts <data dir> <label>
 */
import { createInterface } from 'node:readline'
import { createCore } from '../../src/core/core'

const [dir, label] = process.argv.slice(2) as [string, string]
const core = createCore({
  dataDir: dir,
  mode: 'web',
  version: '0.0.0-test',
  log: () => {},
  autoBackup: false,
  sync: { intervalMs: 3_600_000, timeoutMs: 30_000, label },
})

async function play(rounds: number): Promise<unknown> {
  const ids: string[] = []
  for (const name of [`${label}-1`, `${label}-2`, `${label}-3`]) {
    const r = await core.dispatch('players:create', { name: `${name}-${Date.now() % 100000}` })
    if (!r.ok) return r
    ids.push((r.value as { id: string }).id)
  }
  const m = await core.dispatch('matches:create', {
    gameId: 'wild-nine',
    playerIds: ids,
    options: { houseRules: { cutoff: 10000 } },
  })
  if (!m.ok) return m
  const id = (m.value as { id: string }).id
  for (let i = 0; i < rounds; i++) {
    const w = i % 3
    const r = await core.dispatch('matches:apply', {
      id,
      action: { type: 'round', wentOut: w, points: [0, 1, 2].map((k) => (k === w ? 0 : 1 + ((i + k) % 4))) },
    })
    if (!r.ok) return r
  }
  return { ok: true, value: { id } }
}

const rl = createInterface({ input: process.stdin })
rl.on('line', (line) => {
  const msg = JSON.parse(line) as { id: number; channel?: string; input?: unknown; play?: number }
  const work = msg.play !== undefined ? play(msg.play) : core.dispatch(msg.channel as string, msg.input ?? {})
  void work.then((result) => process.stdout.write(`${JSON.stringify({ id: msg.id, result })}\n`))
})
rl.on('close', () => {
  void core.sync.close().then(() => {
    core.close()
    process.exit(0)
  })
})
process.stdout.write(`${JSON.stringify({ ready: true })}\n`)
