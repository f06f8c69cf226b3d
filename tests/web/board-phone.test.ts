/**
 * A phone at a table on the night board (docs/ARCHITECTURE.md § The night board, § Change events): its
 * round goes through the table units' own listener, not the dispatcher, and still the change feed
 * reports it (cause `table`), so the board refreshes; the board names the phone's table.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import type { BoardNight } from '../../src/shared/model/board'
import type { ChangeNote } from '../../src/shared/model/changes'
import type { MatchView } from '../../src/shared/model/match'
import { tableUnits } from '../../src/web/tables/control'
import { startTablesServer, type TablesServer } from '../../src/web/tables/server'
import { TablesService } from '../../src/web/tables/service'
import { cookieOf, phoneRequest } from '../helpers/phone'
import { tempDir } from '../helpers/tmp'

let core: Core | undefined
let server: TablesServer | undefined
let cleanup = (): void => {}
afterEach(async () => {
  await server?.close()
  core?.close()
  cleanup()
})

it('a phone’s round is a change the board hears of, and the board names its table', async () => {
  const t = tempDir()
  cleanup = t.cleanup
  const rendererDir = join(t.dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'phone.html'), '<!doctype html><title>phone</title>')
  let now = Date.parse('2026-12-04T19:00:00.000Z')
  let phones: TablesService | undefined
  const c = (core = createCore({
    dataDir: t.dir,
    mode: 'web',
    version: 'test',
    clock: () => new Date((now += 1000)),
    log: () => {},
    autoBackup: false,
    // The app's own control (its status lists the phones), and a service over the same parts for the listener.
    tables: (parts) => {
      phones = new TablesService(parts)
      return tableUnits({ rendererDir })(parts)
    },
  }))
  if (!phones) throw new Error('the core made no table units')
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const r = await c.dispatch(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
    return r.value as T
  }
  const ids: string[] = []
  for (const name of ['Ana', 'Bo']) ids.push((await call<{ id: string }>('players:create', { name })).id)
  const m = await call<MatchView>('matches:create', { gameId: 'wild-nine', playerIds: ids, utcOffset: 0 })
  phones.store.open(new Date(now + 11 * 3600_000))
  server = await startTablesServer({ tables: phones, host: '127.0.0.2', rendererDir })
  const { code } = phones.store.addPhone(m.id, 'Table 3')
  const cookie = cookieOf(await phoneRequest(server.origin, '/pair', { body: { code } }))

  const notes: ChangeNote[] = []
  c.changes.subscribe((n) => notes.push(n))
  const r = await phoneRequest(server.origin, '/phone/enter', {
    cookie,
    body: { key: 'board-round-1', action: { type: 'round', wentOut: 1, points: [6, 0] } },
  })
  expect(r.json.ok).toBe(true)
  expect(notes.map((n) => n.cause)).toEqual(['table'])

  const board = await call<BoardNight>('board:night', { date: '2026-12-04' })
  expect(board.tables.map((x) => [x.matchId, x.table, x.laptop])).toEqual([[m.id, 'Table 3', 'this laptop']])
  expect(board.tables[0]!.standings.map((s) => [s.name, s.score])).toEqual([
    ['Bo', 0],
    ['Ana', 6],
  ])
})
