/**
 * Issue 11, findings 2, 3 and 5 at open: the data folder and files are private (and tightened when
 * they were not), a file Ninekeeper cannot write is refused with a clear message (see also
 * read-only.test.ts for a real other user), and the pre-migration copy goes through .partial.
 */
import Database from 'better-sqlite3'
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, type Migration } from '../../src/core/db/migrations/index'
import { DatabaseOpenError, openDatabase } from '../../src/core/db/open'
import { createCore } from '../../src/core/core'
import { tempDir } from '../helpers/tmp'

const POSIX = process.platform !== 'win32'
const mode = (p: string) => statSync(p).mode & 0o777
let cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups) c()
  cleanups = []
})
function dataDir(): string {
  const t = tempDir()
  cleanups.push(t.cleanup)
  return join(t.dir, 'data')
}

describe.runIf(POSIX)('private data folder and files', () => {
  it('creates the folder 0700 and the data file, -wal and -shm 0600', () => {
    const dir = dataDir()
    const { db, file } = openDatabase(join(dir, 'ninekeeper.sqlite'))
    db.prepare("INSERT INTO meta (key, value) VALUES ('k', 'v')").run()
    try {
      expect(mode(dir)).toBe(0o700)
      for (const f of readdirSync(dir)) expect(mode(join(dir, f)), f).toBe(0o600)
      expect(readdirSync(dir).sort()).toEqual(['ninekeeper.sqlite', 'ninekeeper.sqlite-shm', 'ninekeeper.sqlite-wal'])
      expect(file).toBe(join(dir, 'ninekeeper.sqlite'))
    } finally {
      db.close()
    }
  })

  it('leaves a shared sticky folder (like /tmp) as it is when the data file sits straight in it; the file is still private', () => {
    const dir = dataDir()
    mkdirSync(dir)
    chmodSync(dir, 0o1777)
    const { db } = openDatabase(join(dir, 'ninekeeper.sqlite'))
    db.close()
    expect(statSync(dir).mode & 0o7777).toBe(0o1777)
    expect(mode(join(dir, 'ninekeeper.sqlite'))).toBe(0o600)
  })

  it('tightens a folder and files that let others read them, and keeps working', () => {
    const dir = dataDir()
    openDatabase(join(dir, 'ninekeeper.sqlite')).db.close()
    chmodSync(dir, 0o755)
    chmodSync(join(dir, 'ninekeeper.sqlite'), 0o644)
    mkdirSync(join(dir, 'backups'), { mode: 0o777 })
    chmodSync(join(dir, 'backups'), 0o777)
    const core = createCore({ dataDir: dir, mode: 'web', version: 't', autoBackup: false, log: () => {} })
    try {
      expect(mode(dir)).toBe(0o700)
      expect(mode(join(dir, 'ninekeeper.sqlite'))).toBe(0o600)
      expect(mode(join(dir, 'backups'))).toBe(0o700)
    } finally {
      core.close()
    }
  })

  it('makes the pre-migration copy private, complete and through .partial', () => {
    const dir = dataDir()
    const file = join(dir, 'ninekeeper.sqlite')
    const { db } = openDatabase(file)
    db.prepare("INSERT INTO meta (key, value) VALUES ('k', 'v')").run()
    db.close()
    const extra: Migration = { name: 'add a table', up: (d) => d.exec('CREATE TABLE extra (x)') }
    const opened = openDatabase(file, {
      migrations: [...MIGRATIONS, extra],
      now: () => new Date('2026-11-30T10:00:00Z'),
    })
    opened.db.close()
    const names = readdirSync(join(dir, 'backups'))
    expect(names).toEqual([`ninekeeper.v${MIGRATIONS.length}.before-migration.2026-11-30T10-00-00-000Z.sqlite`])
    const copy = join(dir, 'backups', names[0] as string)
    expect(mode(copy)).toBe(0o600)
    const r = new Database(copy, { readonly: true })
    expect(r.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(r.prepare("SELECT value FROM meta WHERE key = 'k'").pluck().get()).toBe('v')
    r.close()
  })

  it('does not migrate when the pre-migration copy cannot be written', () => {
    const dir = dataDir()
    const file = join(dir, 'ninekeeper.sqlite')
    openDatabase(file).db.close()
    // The copy's target folder is a file: VACUUM INTO cannot write, and opening stops before migrating.
    writeFileSync(join(dir, 'backups'), 'not a folder')
    const extra: Migration = { name: 'add a table', up: (d) => d.exec('CREATE TABLE extra (x)') }
    expect(() => openDatabase(file, { migrations: [...MIGRATIONS, extra] })).toThrow()
    const db = new Database(file, { readonly: true })
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    db.close()
  })
})

describe('a data file that cannot be written', () => {
  it.runIf(POSIX && process.getuid?.() !== 0)('is refused with a clear message (non-root run)', () => {
    const dir = dataDir()
    openDatabase(join(dir, 'ninekeeper.sqlite')).db.close()
    chmodSync(join(dir, 'ninekeeper.sqlite'), 0o400)
    try {
      expect(() => openDatabase(join(dir, 'ninekeeper.sqlite'))).toThrow(DatabaseOpenError)
      expect(() => openDatabase(join(dir, 'ninekeeper.sqlite'))).toThrow(/cannot write/)
    } finally {
      chmodSync(join(dir, 'ninekeeper.sqlite'), 0o600)
    }
  })
})
