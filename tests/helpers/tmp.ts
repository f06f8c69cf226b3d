import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from 'better-sqlite3'
import { createCore, type Core } from '../../src/core/core'

export function tempDir(prefix = 'ninekeeper-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A real core (real SQLite file) in a fresh temporary data dir, with a fixed clock. */
export function tempCore(): Core & { dir: string; cleanup: () => void } {
  const { dir, cleanup } = tempDir()
  let t = Date.parse('2026-11-30T12:00:00.000Z')
  const core = createCore({
    dataDir: dir,
    mode: 'web',
    version: '0.0.0-test',
    clock: () => new Date((t += 1000)),
    log: () => {},
  })
  return {
    ...core,
    dir,
    cleanup: () => {
      core.close()
      cleanup()
    },
  }
}

/** The value of a call that must be accepted; a refusal fails the test, naming the channel and the reason. */
export async function accepted<T>(core: Pick<Core, 'dispatch'>, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value as T
}

/** Every row of every table, in a stable order: equal snapshots mean nothing changed. */
export function snapshot(db: Database): Record<string, unknown[]> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[]
  const out: Record<string, unknown[]> = {}
  for (const t of tables) {
    // A WITHOUT ROWID table (round_results) has no rowid: its primary key orders it.
    const withoutRowid = /WITHOUT\s+ROWID/i.test(
      db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(t) as string,
    )
    out[t] = db.prepare(`SELECT * FROM "${t}" ${withoutRowid ? '' : 'ORDER BY rowid'}`).all()
  }
  out['#user_version'] = [db.pragma('user_version', { simple: true })]
  return out
}
