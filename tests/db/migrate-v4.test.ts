/**
 * Files from before the event log (schema 1, 2 and 3) become events when opened: nothing is lost,
 * the projections are rebuilt from the events alone, and the same file always gives the same events.
 */
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/core'
import { openDatabase } from '../../src/core/db/open'
import { MIGRATIONS } from '../../src/core/db/migrations/index'
import type { MatchHistoryEntry, MatchView } from '../../src/shared/model/match'
import type { Player } from '../../src/shared/model/player'
import type { StatsOverview } from '../../src/shared/model/stats'
import { tempDir } from '../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

const DEV = '0190f5c2-0000-7000-8000-00000000d001'
const hlc = (iso: string, counter: number) =>
  `${String(Date.parse(iso)).padStart(15, '0')}.${String(counter).padStart(6, '0')}.${DEV}`
const round = (declarer: number, totals: number[]) => JSON.stringify({ type: 'round', declarer, totals })

/** What the app of that version wrote: rows, seats and the per-match log (device numbers with gaps, as it made them). */
function writeLegacyFile(dir: string, version: number): string {
  const file = join(dir, 'ninekeeper.sqlite')
  const { db } = openDatabase(file, { migrations: MIGRATIONS.slice(0, version) })
  const P = [
    '0190f5c2-0001-7000-8000-000000000001',
    '0190f5c2-0002-7000-8000-000000000002',
    '0190f5c2-0003-7000-8000-000000000003',
  ]
  const M = ['0190f5c2-0010-7000-8000-000000000010', '0190f5c2-0011-7000-8000-000000000011']
  const E = (n: number) => `0190f5c2-01${String(n).padStart(2, '0')}-7000-8000-0000000001${String(n).padStart(2, '0')}`
  db.exec(`
    INSERT INTO meta (key, value) VALUES ('device_id', '${DEV}'), ('device_seq', '12');
    INSERT INTO players VALUES ('${P[0]}', 'Ana', 'ana', '#d7263d', NULL, '2026-10-01T18:00:00.000Z', '2026-10-01T18:00:00.000Z');
    INSERT INTO players VALUES ('${P[1]}', 'Bo', 'bo', NULL, NULL, '2026-10-01T18:00:01.000Z', '2026-10-01T18:00:01.000Z');
    INSERT INTO players VALUES ('${P[2]}', 'Cy', 'cy', NULL, '2026-10-20T10:00:00.000Z', '2026-10-01T18:00:02.000Z', '2026-10-20T10:00:00.000Z');
    INSERT INTO matches (id, game_id, config_json, house_rules_json, status, created_at, updated_at, finished_at, device_id)
      VALUES ('${M[0]}', 'nine', '{"names":["Ana","Bo"]}', '{}', 'finished', '2026-10-01T19:00:00.000Z', '2026-10-01T19:30:00.000Z', '2026-10-01T19:30:00.000Z', '${DEV}'),
             ('${M[1]}', 'nine', '{"names":["Bo","Cy"]}', '{}', 'in-progress', '2026-10-02T19:00:00.000Z', '2026-10-02T19:05:00.000Z', NULL, '${DEV}');
    INSERT INTO match_seats VALUES ('${M[0]}', 0, '${P[0]}', NULL), ('${M[0]}', 1, '${P[1]}', NULL), ('${M[1]}', 0, '${P[1]}', NULL), ('${M[1]}', 1, '${P[2]}', NULL);
    INSERT INTO match_events VALUES
      ('${E(1)}', '${M[0]}', 0, 'action', '${round(0, [3, 10])}', NULL, '${DEV}', 2, '${hlc('2026-10-01T19:01:00.000Z', 0)}', '2026-10-01T19:01:00.000Z'),
      ('${E(2)}', '${M[0]}', 1, 'action', '${round(1, [12, 4])}', NULL, '${DEV}', 3, '${hlc('2026-10-01T19:02:00.000Z', 0)}', '2026-10-01T19:02:00.000Z'),
      ('${E(3)}', '${M[0]}', 2, 'correction', '${round(1, [12, 5])}', '${E(2)}', '${DEV}', 4, '${hlc('2026-10-01T19:03:00.000Z', 0)}', '2026-10-01T19:03:00.000Z'),
      ('${E(4)}', '${M[0]}', 3, 'action', '${round(0, [20, 20])}', NULL, '${DEV}', 5, '${hlc('2026-10-01T19:04:00.000Z', 0)}', '2026-10-01T19:04:00.000Z'),
      ('${E(5)}', '${M[0]}', 4, 'undo', '{}', '${E(4)}', '${DEV}', 6, '${hlc('2026-10-01T19:05:00.000Z', 0)}', '2026-10-01T19:05:00.000Z'),
      ('${E(6)}', '${M[0]}', 5, 'void', '{"status":"finished"}', NULL, '${DEV}', 7, '${hlc('2026-10-01T19:30:00.000Z', 0)}', '2026-10-01T19:30:00.000Z'),
      ('${E(7)}', '${M[1]}', 0, 'action', '${round(1, [2, 9])}', NULL, '${DEV}', 9, '${hlc('2026-10-02T19:05:00.000Z', 0)}', '2026-10-02T19:05:00.000Z');
  `)
  db.close()
  return file
}

async function call<T>(core: ReturnType<typeof createCore>, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

function open(dir: string) {
  let t = Date.parse('2026-11-30T12:00:00.000Z')
  const core = createCore({
    dataDir: dir,
    mode: 'web',
    version: 'test',
    clock: () => new Date((t += 1000)),
    log: () => {},
    autoBackup: false,
  })
  cleanups.push(() => core.close())
  return core
}

describe('upgrading to the event log', () => {
  for (const version of [1, 2, 3]) {
    it(`turns a schema ${version} file into events and rebuilds every projection from them`, async () => {
      const { dir, cleanup } = tempDir()
      cleanups.push(cleanup)
      writeLegacyFile(dir, version)
      const core = open(dir)
      expect(core.opened.migration.from).toBe(version)
      expect(core.opened.backupFile).toMatch(/before-migration/)

      const players = await call<Player[]>(core, 'players:list', { includeArchived: true })
      expect(players.map((p) => [p.name, p.color, p.archived, p.matchCount])).toEqual([
        ['Ana', '#d7263d', false, 1],
        ['Bo', null, false, 2],
        ['Cy', null, true, 1],
      ])
      const [m0, m1] = (await call<{ id: string }[]>(core, 'matches:list', {})).map((m) => m.id).reverse() as [
        string,
        string,
      ]
      const finished = await call<MatchView>(core, 'matches:get', { id: m0 })
      // Round 2 as corrected (12, 5); round 3 undone; closed by hand.
      expect(finished.status).toBe('finished')
      expect(finished.actions.map((a) => a.action)).toEqual([
        JSON.parse(round(0, [3, 10])),
        JSON.parse(round(1, [12, 5])),
      ])
      expect(finished.undo).toBe('Reopen the match')
      const history = await call<MatchHistoryEntry[]>(core, 'matches:history', { id: m0 })
      expect(history.map((h) => h.description)).toEqual([
        'Deal 1',
        'Deal 2',
        'Deal 2 corrected',
        'Deal 3',
        'Undid Deal 3',
        'Match finished by hand',
      ])
      const open1 = await call<MatchView>(core, 'matches:get', { id: m1 })
      expect(open1.status).toBe('in-progress')
      expect(open1.actions).toHaveLength(1)

      const stats = await call<StatsOverview>(core, 'stats:overview', {})
      const ana = stats.players.find((p) => p.name === 'Ana')
      expect(ana).toMatchObject({ matches: 1 })
      expect(ana?.games[0]?.rating).not.toBeNull()

      // Per-device numbers: 1, 2, 3 … with no gap for every device; the old counter is gone.
      const seqs = core.db
        .prepare(
          'SELECT device_id, group_concat(device_seq) AS s FROM (SELECT * FROM events ORDER BY device_id, device_seq) GROUP BY device_id',
        )
        .all() as { s: string }[]
      for (const { s } of seqs) expect(s.split(',').map(Number)).toEqual(s.split(',').map((_, i) => i + 1))
      expect(core.db.prepare("SELECT value FROM meta WHERE key = 'device_seq'").get()).toBeUndefined()

      // Scoring goes on after the upgrade, numbered after nothing else on this device.
      const next = await call<MatchView>(core, 'matches:apply', { id: m1, action: JSON.parse(round(0, [5, 1])) })
      expect(next.actions).toHaveLength(2)
    })
  }

  it('gives the same events for the same file, every time', () => {
    const { dir, cleanup } = tempDir()
    cleanups.push(cleanup)
    const a = join(dir, 'a')
    const b = join(dir, 'b')
    mkdirSync(a)
    mkdirSync(b)
    writeLegacyFile(a, 3)
    copyFileSync(join(a, 'ninekeeper.sqlite'), join(b, 'ninekeeper.sqlite'))
    const ea = openDatabase(join(a, 'ninekeeper.sqlite'))
    const eb = openDatabase(join(b, 'ninekeeper.sqlite'))
    const all = (d: typeof ea) => d.db.prepare('SELECT * FROM events ORDER BY id').all()
    expect(all(ea).length).toBe(3 + 1 + 2 + 7)
    expect(all(ea)).toEqual(all(eb))
    ea.db.close()
    eb.db.close()
  })
})
