/**
 * A laptop serving table units in a process of its own, for tests that SIGKILL it mid-entry: a real
 * core over a data folder and the phones' listener on a loopback address. It prints
 * { ready, origin } on stdout, then answers JSON lines on stdin:
 *   { id, setup: true } → a Wild Nine match (no cutoff), the evening opened, one phone added: { matchId, code }
 *   { id, rounds: matchId } → how many rounds the match holds, read from the log through matches:get
 *
 *   node --import tsx tests/helpers/tables-process.ts <data dir> <host> <renderer dir>
 */
import { createInterface } from 'node:readline'
import { createCore } from '../../src/core/core'
import { startTablesServer } from '../../src/web/tables/server'
import { tablesOf } from '../../src/web/tables/service'

const [dir, host, rendererDir] = process.argv.slice(2) as [string, string, string]
const core = createCore({ dataDir: dir, mode: 'web', version: '0.0.0-test', log: () => {}, autoBackup: false })
const tables = tablesOf(core)

async function setup(): Promise<unknown> {
  const ids: string[] = []
  for (const name of ['Ana', 'Bo', 'Cy']) {
    const r = await core.dispatch('players:create', { name })
    if (!r.ok) return r
    ids.push((r.value as { id: string }).id)
  }
  const m = await core.dispatch('matches:create', {
    gameId: 'wild-nine',
    playerIds: ids,
    options: { houseRules: { cutoff: 10000 } },
  })
  if (!m.ok) return m
  const matchId = (m.value as { id: string }).id
  tables.store.open(new Date(Date.now() + 3600_000))
  const { code } = tables.store.addPhone(matchId, 'Table 1')
  return { ok: true, value: { matchId, code } }
}

async function rounds(matchId: string): Promise<unknown> {
  const r = await core.dispatch('matches:get', { id: matchId })
  return r.ok ? { ok: true, value: (r.value as { actions: unknown[] }).actions.length } : r
}

void startTablesServer({ tables, host, rendererDir }).then((server) => {
  const rl = createInterface({ input: process.stdin })
  rl.on('line', (line) => {
    const msg = JSON.parse(line) as { id: number; setup?: boolean; rounds?: string }
    const work = msg.setup ? setup() : rounds(msg.rounds as string)
    void work.then((result) => process.stdout.write(`${JSON.stringify({ id: msg.id, result })}\n`))
  })
  rl.on('close', () => {
    void server.close().then(() => {
      core.close()
      process.exit(0)
    })
  })
  process.stdout.write(`${JSON.stringify({ ready: true, origin: server.origin })}\n`)
})
