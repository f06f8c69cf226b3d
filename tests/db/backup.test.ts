import Database from 'better-sqlite3'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BackupInfo } from '../../src/shared/model/transfer'
import { snapshot, tempCore, tempDir } from '../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})
type Core = ReturnType<typeof tempCore>
function fresh(): Core {
  const c = tempCore()
  cleanups.push(c.cleanup)
  return c
}
async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}
async function upload(core: Core, bytes: Buffer): Promise<string> {
  const { uploadId } = await call<{ uploadId: string }>(core, 'upload:begin', {
    purpose: 'restore',
    size: bytes.length,
  })
  const chunk = 256 * 1024
  for (let i = 0, n = 0; i < bytes.length; i += chunk, n++)
    await call(core, 'upload:chunk', { uploadId, index: n, data: bytes.subarray(i, i + chunk).toString('base64') })
  return uploadId
}
async function playOne(core: Core, names: string[]): Promise<void> {
  const ids = []
  for (const name of names) ids.push((await call<{ id: string }>(core, 'players:create', { name })).id)
  const m = await call<{ id: string }>(core, 'matches:create', { gameId: 'nine', playerIds: ids })
  await call(core, 'matches:apply', { id: m.id, action: { type: 'round', declarer: 0, totals: [3, 10] } })
  await call(core, 'matches:close', { id: m.id, status: 'finished' })
}

describe('backups', () => {
  it('backs up with the online API, then restores that file over later changes (keeping the current one)', async () => {
    const core = fresh()
    await playOne(core, ['Ana', 'Bo'])
    const backup = await call<{ name: string; kind: string }>(core, 'backup:now', {})
    expect(backup.kind).toBe('manual')
    const atBackup = snapshot(core.db)
    const statsAtBackup = await call(core, 'stats:overview', {})

    await playOne(core, ['Cy', 'Di'])
    expect((await call<{ players: unknown[] }>(core, 'stats:overview', {})).players).toHaveLength(4)

    const restored = await call<{ safetyCopy: string }>(core, 'backup:restore', { name: backup.name })
    expect(restored.safetyCopy).toMatch(/before-restore/)
    const now = snapshot(core.db)
    delete now.meta
    delete atBackup.meta
    expect(now).toEqual(atBackup)
    expect(await call(core, 'stats:overview', {})).toEqual(statsAtBackup)
    expect(core.db.pragma('journal_mode', { simple: true })).toBe('wal')
    // The app keeps working on the restored data.
    await playOne(core, ['Eve', 'Flo'])
    // And the data from before the restore is in the safety copy.
    const safety = new Database(join(core.dir, 'backups', restored.safetyCopy), { readonly: true })
    expect((safety.prepare('SELECT count(*) AS n FROM players').get() as { n: number }).n).toBe(4)
    safety.close()
  })

  it('restores an uploaded file (the browser has no path) and refuses foreign, damaged or newer files unchanged', async () => {
    const a = fresh()
    await playOne(a, ['Ana', 'Bo'])
    const b = await call<{ name: string }>(a, 'backup:now', {})
    const bytes = readFileSync(join(a.dir, 'backups', b.name))

    const core = fresh()
    await playOne(core, ['Xi', 'Yu'])
    const { dir, cleanup } = tempDir()
    cleanups.push(cleanup)
    const foreign = join(dir, 'foreign.sqlite')
    const f = new Database(foreign)
    f.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);')
    f.close()
    const newer = join(dir, 'newer.sqlite')
    writeFileSync(newer, bytes)
    const n = new Database(newer)
    n.pragma('user_version = 99')
    n.close()
    const corrupt = Buffer.from(bytes)
    corrupt.fill(0x41, 4096 * 2, 4096 * 3)

    for (const [content, code] of [
      [readFileSync(foreign), 'foreign-file'],
      [readFileSync(newer), 'too-new'],
      [Buffer.from('hello, not a database at all'.repeat(100)), 'not-a-database'],
      [corrupt, 'corrupt'],
    ] as [Buffer, string][]) {
      const before = snapshot(core.db)
      const r = await core.dispatch('backup:restore', { uploadId: await upload(core, content) })
      expect(r.ok, code).toBe(false)
      if (!r.ok) {
        expect([code, 'not-a-database', 'corrupt']).toContain(r.error.code)
        expect(r.error.message).toMatch(/Nothing was changed/)
      }
      expect(snapshot(core.db)).toEqual(before)
    }
    const names = (await call<BackupInfo>(core, 'backup:info', {})).files.map((x) => x.kind)
    expect(names).not.toContain('before-restore')

    await call(core, 'backup:restore', { uploadId: await upload(core, bytes) })
    const players = (await call<{ name: string }[]>(core, 'players:list', {})).map((p) => p.name)
    expect(players).toEqual(['Ana', 'Bo'])
  })

  it('rotates to the last N daily and manual backups, keeping N in the meta table', async () => {
    const core = fresh()
    await playOne(core, ['Ana', 'Bo'])
    await call(core, 'backup:set-keep', { keep: 2 })
    for (let i = 0; i < 4; i++) await call(core, 'backup:now', {})
    const info = await call<BackupInfo>(core, 'backup:info', {})
    expect(info.keep).toBe(2)
    expect(info.files.filter((f) => f.kind === 'manual')).toHaveLength(2)
    expect((core.db.prepare("SELECT value FROM meta WHERE key = 'backup_keep'").get() as { value: string }).value).toBe(
      '2',
    )
    expect(info.lastAt).not.toBeNull()
  })

  it('makes a daily backup only when the last one is a day old', async () => {
    const core = fresh()
    expect(await core.backups.maybeDaily()).toBeNull() // nothing to back up yet
    await playOne(core, ['Ana', 'Bo'])
    const first = await core.backups.maybeDaily()
    expect(first?.ok).toBe(true)
    expect(await core.backups.maybeDaily()).toBeNull()
    core.db.prepare("UPDATE meta SET value = '2000-01-01T00:00:00.000Z' WHERE key = 'backup_last_at'").run()
    const second = await core.backups.maybeDaily()
    expect(second?.ok && second.value.kind).toBe('daily')
  })

  it('refuses names outside the backups folder', async () => {
    const core = fresh()
    const r = await core.dispatch('backup:restore', { name: 'ninekeeper.2026-01-01T00-00-00-000Z.manual.sqlite' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.code).toBe('not-found')
    expect(existsSync(join(core.dir, 'ninekeeper.sqlite'))).toBe(true)
  })
})
