/**
 * Protections that no test used to reach (issue 11, "tests that could not fail"): the rollback of a
 * refused write, the dispatcher's payload shape check deep inside `action` and `houseRules`, the
 * backup-name check, the backup's quick_check and the restore's integrity_check.
 */
import Database from 'better-sqlite3'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeTransaction } from '../../src/core/db/transaction'
import { BackupService } from '../../src/core/services/backup'
import { err, ok } from '../../src/shared/result'
import { snapshot, tempCore } from '../helpers/tmp'

const core = tempCore()
afterAll(() => core.cleanup())
const ID = '01a22ac0-b7cc-7707-8c21-a7278f6924c8'

describe('writeTransaction', () => {
  it('rolls back what a refused write already wrote', () => {
    const before = snapshot(core.db)
    const r = writeTransaction(core.db, () => {
      core.db.prepare("INSERT INTO meta (key, value) VALUES ('half-done', '1')").run()
      return err('refused', 'Changed my mind.')
    })
    expect(r).toEqual({ ok: false, error: { code: 'refused', message: 'Changed my mind.' } })
    expect(snapshot(core.db)).toEqual(before)
  })

  it('keeps what an accepted write wrote, and rolls back on a throw', () => {
    expect(
      writeTransaction(
        core.db,
        () => (core.db.prepare("INSERT INTO meta (key, value) VALUES ('kept', '1')").run(), ok(1)),
      ),
    ).toEqual({ ok: true, value: 1 })
    expect(core.db.prepare("SELECT value FROM meta WHERE key = 'kept'").pluck().get()).toBe('1')
    expect(() =>
      writeTransaction(core.db, () => {
        core.db.prepare("INSERT INTO meta (key, value) VALUES ('thrown', '1')").run()
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(core.db.prepare("SELECT value FROM meta WHERE key = 'thrown'").pluck().get()).toBeUndefined()
  })
})

describe('payload shape, deep inside free-form fields', () => {
  it.each([
    [
      'matches:apply',
      `{"id": "${ID}", "action": {"type": "round", "__proto__": {"polluted": true}}}`,
      'action.__proto__',
    ],
    ['matches:apply', `{"id": "${ID}", "action": [{"constructor": {"prototype": 1}}]}`, 'action[0].constructor'],
    [
      'matches:correct',
      `{"id": "${ID}", "eventId": "${ID}", "action": {"a": {"b": {"prototype": 1}}}}`,
      'action.a.b.prototype',
    ],
    [
      'matches:create',
      `{"gameId": "nine", "playerIds": ["${ID}"], "options": {"houseRules": {"__proto__": 1}}}`,
      'options.houseRules.__proto__',
    ],
    [
      'matches:create',
      `{"gameId": "nine", "playerIds": ["${ID}"], "options": {"houseRules": {"constructor": "x"}}}`,
      'options.houseRules.constructor',
    ],
  ])('%s refuses %s as invalid-input at %s', async (channel, json, field) => {
    const before = snapshot(core.db)
    const r = await core.dispatch(channel, JSON.parse(json))
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-input', field } })
    expect(r.ok ? '' : r.error.message).toMatch(/not an allowed field name/)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(snapshot(core.db)).toEqual(before)
  })
})

describe('backup checks', () => {
  it('resolves only names of its own backups, never paths', () => {
    const backups = core.backups
    const good = 'ninekeeper.2026-01-01T00-00-00-000Z.manual.sqlite'
    writeFileSync(join(backups.dir, '..', 'ninekeeper.sqlite.copy'), 'x')
    expect(backups.resolveName('../ninekeeper.sqlite')).toBeNull()
    expect(backups.resolveName(`../backups/${good}`)).toBeNull()
    expect(backups.resolveName('ninekeeper.sqlite')).toBeNull()
    expect(backups.resolveName('ninekeeper.2026-01-01T00-00-00-000Z.other.sqlite')).toBeNull()
    expect(backups.resolveName(`${good}.partial`)).toBeNull()
    expect(backups.resolveName(good)).toBeNull() // well-formed, but no such file
  })

  /** A clean backup of a small club, then its players table's root page scribbled over, as a bad disk would. */
  async function corruptCopy(): Promise<string> {
    for (let i = 0; i < 30; i++) await core.dispatch('players:create', { name: `Player ${i}` })
    const made = await core.backups.backupNow('manual')
    if (!made.ok) throw new Error(made.error.message)
    const file = join(core.backups.dir, made.value.name)
    const probe = new Database(file, { readonly: true })
    const root = probe.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'players'").pluck().get() as number
    const pageSize = probe.pragma('page_size', { simple: true }) as number
    probe.close()
    const bytes = readFileSync(file)
    // Keep the page header, break the cells: the file opens and its header reads fine.
    bytes.fill(0x7f, (root - 1) * pageSize + 12, root * pageSize)
    writeFileSync(file, bytes)
    return file
  }

  it('refuses to count a copy that fails quick_check (nothing kept, a clear error)', async () => {
    const source = await corruptCopy()
    // The online backup copies pages as they are: a damaged source gives a damaged copy, which the check stops.
    const db = new Database(source)
    try {
      const service = new BackupService(db, source, () => new Date('2026-02-02T00:00:00.000Z'))
      const before = service.list().map((f) => f.name)
      const r = await service.backupNow('manual')
      expect(r).toMatchObject({ ok: false, error: { code: 'backup-failed' } })
      expect(r.ok ? '' : r.error.message).toMatch(/quick_check|malformed|corrupt/i)
      expect(service.list().map((f) => f.name)).toEqual(before)
    } finally {
      db.close()
    }
  })

  it('refuses to restore a file that fails integrity_check, changing nothing', async () => {
    const file = await corruptCopy()
    // Its header is intact: it is ours, of a known version; only the integrity check can tell.
    const probe = new Database(file, { readonly: true })
    expect(probe.pragma('user_version', { simple: true })).toBeGreaterThan(0)
    probe.close()
    const before = snapshot(core.db)
    const r = await core.backups.restore(file)
    expect(r).toMatchObject({ ok: false, error: { code: 'corrupt' } })
    expect(r.ok ? '' : r.error.message).toMatch(/damaged/)
    expect(snapshot(core.db)).toEqual(before)
  })
})
