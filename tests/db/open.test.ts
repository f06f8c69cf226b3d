import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DatabaseTooNewError } from '../../src/core/db/migrate'
import { MIGRATIONS, LATEST_VERSION, type Migration } from '../../src/core/db/migrations/index'
import { APPLICATION_ID, DatabaseOpenError, openDatabase } from '../../src/core/db/open'
import { tempDir } from '../helpers/tmp'

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
let cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups) c()
  cleanups = []
})
function dbFile(): string {
  const t = tempDir()
  cleanups.push(t.cleanup)
  return join(t.dir, 'ninekeeper.sqlite')
}

describe('openDatabase', () => {
  it('creates and migrates a fresh file with the pragmas set explicitly', () => {
    const file = dbFile()
    const { db, migration, backupFile } = openDatabase(file)
    expect(migration).toEqual({ from: 0, to: LATEST_VERSION, applied: MIGRATIONS.map((m) => m.name) })
    expect(backupFile).toBeNull()
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(2)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000)
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID)
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()
    expect(tables).toEqual(
      expect.arrayContaining(['events', 'players', 'matches', 'match_seats', 'round_results', 'meta']),
    )
    expect(tables).not.toContain('match_events')
    db.close()
  })

  it('reopens an existing file without migrating again and keeps its data, still with synchronous=FULL', () => {
    const file = dbFile()
    const first = openDatabase(file)
    first.db
      .prepare(
        "INSERT INTO players (id, name, name_key, created_at, updated_at, canonical_id) VALUES ('p1', 'Ana', 'ana', 'now', 'now', 'p1')",
      )
      .run()
    first.db.close()
    const again = openDatabase(file)
    expect(again.migration).toEqual({ from: LATEST_VERSION, to: LATEST_VERSION, applied: [] })
    expect(again.backupFile).toBeNull()
    // better-sqlite3 would default to NORMAL on a file that is already WAL; we set FULL every time.
    expect(again.db.pragma('synchronous', { simple: true })).toBe(2)
    expect(again.db.prepare('SELECT name FROM players').pluck().all()).toEqual(['Ana'])
    again.db.close()
  })

  it('refuses a file written by a newer version and leaves it byte-identical', () => {
    const file = dbFile()
    const { db } = openDatabase(file)
    db.pragma(`user_version = ${LATEST_VERSION + 1}`)
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
    const before = sha(file)
    const entriesBefore = readdirSync(join(file, '..')).sort()
    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError)
    expect(() => openDatabase(file)).toThrow(/newer version of Ninekeeper/)
    expect(sha(file)).toBe(before)
    expect(
      readdirSync(join(file, '..'))
        .filter((n) => n !== 'ninekeeper.sqlite-shm' && n !== 'ninekeeper.sqlite-wal')
        .sort(),
    ).toEqual(entriesBefore.filter((n) => n !== 'ninekeeper.sqlite-shm' && n !== 'ninekeeper.sqlite-wal'))
  })

  it('rolls a failing migration step back completely and keeps the previous version', () => {
    const file = dbFile()
    openDatabase(file).db.close()
    const failing: Migration = {
      name: 'half-done step',
      up(db) {
        db.exec('CREATE TABLE half_done (x INTEGER)')
        db.exec(
          "INSERT INTO players (id, name, name_key, created_at, updated_at, canonical_id) VALUES ('p9', 'Zed', 'zed', 'now', 'now', 'p9')",
        )
        throw new Error('boom in step 2')
      },
    }
    expect(() => openDatabase(file, { migrations: [...MIGRATIONS, failing] })).toThrow('boom in step 2')
    const raw = new Database(file, { readonly: true })
    expect(raw.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(raw.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'").pluck().get()).toBe(0)
    expect(raw.prepare('SELECT count(*) FROM players').pluck().get()).toBe(0)
    raw.close()
  })

  it('copies the file before migrating an existing database, and the copy is the old version', () => {
    const file = dbFile()
    const { db } = openDatabase(file)
    db.prepare(
      "INSERT INTO players (id, name, name_key, created_at, updated_at, canonical_id) VALUES ('p1', 'Ana', 'ana', 'now', 'now', 'p1')",
    ).run()
    db.close()
    const extra: Migration = { name: 'add notes', up: (d) => d.exec('ALTER TABLE players ADD COLUMN notes TEXT') }
    const opened = openDatabase(file, {
      migrations: [...MIGRATIONS, extra],
      now: () => new Date('2026-11-30T10:00:00Z'),
    })
    expect(opened.migration.applied).toEqual(['add notes'])
    expect(opened.backupFile).not.toBeNull()
    expect(existsSync(opened.backupFile as string)).toBe(true)
    const copy = new Database(opened.backupFile as string, { readonly: true })
    expect(copy.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(copy.prepare('SELECT name FROM players').pluck().all()).toEqual(['Ana'])
    copy.close()
    opened.db.close()
  })

  it('migrates a database from every earlier version to the latest, keeping its data', () => {
    // The rows below are of schemas 1-3 (schema 4 became the event log; tests/db/migrate-v5.test.ts covers 4 -> 5).
    for (let from = 1; from < Math.min(LATEST_VERSION, 4); from++) {
      const file = dbFile()
      const old = openDatabase(file, { migrations: MIGRATIONS.slice(0, from) })
      old.db.exec(`
        INSERT INTO players VALUES ('p1', 'Ana', 'ana', '#d7263d', NULL, 'now', 'now');
        INSERT INTO matches (id, game_id, config_json, house_rules_json, status, created_at, updated_at, finished_at, device_id)
          VALUES ('m1', 'nine', '{}', '{}', 'finished', 'now', 'now', 'now', 'dev');
        INSERT INTO match_seats VALUES ('m1', 0, 'p1', NULL);
      `)
      old.db.close()
      const opened = openDatabase(file)
      expect(opened.migration.from).toBe(from)
      expect(opened.migration.to).toBe(LATEST_VERSION)
      expect(opened.backupFile).not.toBeNull()
      expect(opened.db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(opened.db.pragma('foreign_key_check')).toEqual([])
      // Rows became events; the projections are rebuilt from them when the app opens the file.
      expect(opened.db.prepare("SELECT payload FROM events WHERE kind = 'player.created'").pluck().all()).toEqual([
        '{"name":"Ana","color":"#d7263d"}',
      ])
      expect(
        JSON.parse(opened.db.prepare("SELECT payload FROM events WHERE kind = 'match.started'").pluck().get() as string)
          .seats,
      ).toEqual([{ playerId: 'p1', color: null }])
      expect(opened.db.prepare("SELECT value FROM meta WHERE key = 'projections_rebuild_needed'").pluck().get()).toBe(
        '1',
      )
      opened.db.close()
    }
  })

  it('refuses a file that is not a database, untouched', () => {
    const file = dbFile()
    writeFileSync(file, 'these are my shopping notes, not a database'.repeat(200))
    const before = sha(file)
    expect(() => openDatabase(file)).toThrow(DatabaseOpenError)
    expect(sha(file)).toBe(before)
  })

  it("refuses another application's SQLite file, untouched", () => {
    const file = dbFile()
    const other = new Database(file)
    other.pragma('application_id = 1234')
    other.exec('CREATE TABLE x (y)')
    other.close()
    const before = sha(file)
    expect(() => openDatabase(file)).toThrow(/another application/)
    expect(sha(file)).toBe(before)
  })

  it('keeps the event log append-only', () => {
    const file = dbFile()
    const { db } = openDatabase(file)
    db.exec(`INSERT INTO events VALUES ('e1', 'dev', 1, 'hlc', 'match.action', 1, 'm1', '{}')`)
    expect(() => db.exec('UPDATE events SET payload = \'{"x":1}\'')).toThrow(/append-only/)
    expect(() => db.exec('DELETE FROM events')).toThrow(/append-only/)
    expect(db.prepare('SELECT payload FROM events').pluck().get()).toBe('{}')
    db.close()
  })
})
