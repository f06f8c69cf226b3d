/**
 * Child of crash.test.ts: adds players through the real service in a tight loop and reports each
 * one only after its transaction has committed. The parent SIGKILLs it at a random moment.
 */
import { createCore } from '../../src/core/core'

const [dataDir, prefix] = process.argv.slice(2)
if (!dataDir || !prefix) throw new Error('usage: crash-child <dataDir> <prefix>')
const core = createCore({ dataDir, mode: 'web', version: 'crash-test', log: () => {} })
// The durability settings this connection really runs with: the parent checks them (a commit is only
// on disk when acknowledged if synchronous is FULL in WAL mode).
process.stdout.write(
  `pragmas ${JSON.stringify({ synchronous: core.db.pragma('synchronous', { simple: true }), journal: core.db.pragma('journal_mode', { simple: true }) })}\n`,
)
process.stdout.write('ready\n')
let n = 0
// The handlers answer promises (a write waits on a timer for a lock held elsewhere), so each write is awaited.
async function loop(): Promise<never> {
  for (;;) {
    const name = `${prefix}-${n++}`
    const r = (await core.handlers['players:create']({ name })) as { ok: boolean; error?: { message: string } }
    if (!r.ok) throw new Error(`create failed: ${r.error?.message}`)
    process.stdout.write(`committed ${name}\n`)
  }
}
void loop()
