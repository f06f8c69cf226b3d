/**
 * The organiser's side (Settings → Club night) through the tables:* channels of a real core made with
 * table units: open on an address, add a phone (code, QR code), revoke, close, and a laptop started
 * again before the closing time serving the same address with the phones' cookies still good.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import type { Output } from '../../src/shared/ipc/contract'
import type { MatchView } from '../../src/shared/model/match'
import { nextClosing, tableUnits } from '../../src/web/tables/control'
import { cookieOf, phoneRequest } from '../helpers/phone'
import { tempDir } from '../helpers/tmp'

let tmp: ReturnType<typeof tempDir>
let rendererDir: string
const cores: Core[] = []

function start(): Core {
  const core = createCore({
    dataDir: join(tmp.dir, 'data'),
    mode: 'web',
    version: '0.0.0-test',
    log: () => {},
    autoBackup: false,
    tables: tableUnits({ rendererDir, log: () => {} }),
  })
  cores.push(core)
  return core
}

async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
  return r.value as T
}

beforeEach(() => {
  tmp = tempDir('ninekeeper-tables-control-')
  rendererDir = join(tmp.dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'phone.html'), '<!doctype html><title>phone</title>')
})

afterEach(async () => {
  for (const c of cores.splice(0)) {
    await c.tables?.shutdown()
    c.close()
  }
  tmp.cleanup()
})

async function match(core: Core): Promise<MatchView> {
  const ids: string[] = []
  for (const name of ['Ana', 'Bo']) ids.push((await call<{ id: string }>(core, 'players:create', { name })).id)
  return call<MatchView>(core, 'matches:create', { gameId: 'nine', playerIds: ids })
}

it('closes at the next 06:00 local time by default', () => {
  const evening = new Date(2026, 11, 4, 19, 30)
  expect(nextClosing(evening)).toEqual(new Date(2026, 11, 5, 6, 0))
  const early = new Date(2026, 11, 5, 2, 0)
  expect(nextClosing(early)).toEqual(new Date(2026, 11, 5, 6, 0))
})

it('opens, adds a phone with a QR code, revokes it, closes; a restart before closing serves the same address', async () => {
  const core = start()
  const closed = await call<Output<'tables:status'>>(core, 'tables:status', {})
  expect(closed.open).toBe(false)
  expect(closed.interfaces.some((i) => i.address === '127.0.0.1')).toBe(true)
  const m = await match(core)
  // No phone before the evening is open.
  expect((await core.dispatch('tables:add-phone', { matchId: m.id, label: 'Table 1' })).ok).toBe(false)

  const opened = await call<Output<'tables:open'>>(core, 'tables:open', { host: '127.0.0.4', port: 0 })
  expect(opened.open).toBe(true)
  const origin = opened.origin as string
  expect(origin).toMatch(/^http:\/\/127\.0\.0\.4:\d+$/)

  const added = await call<Output<'tables:add-phone'>>(core, 'tables:add-phone', { matchId: m.id, label: 'Table 1' })
  expect(added.code).toMatch(/^([0-9A-Z]{5}-){5}[0-9A-Z]$/)
  expect(added.url).toBe(`${origin}/pair#${added.code.replace(/-/g, '')}`)
  expect(added.qrSvg).toMatch(/^<svg /)
  const cookie = cookieOf(await phoneRequest(origin, '/pair', { body: { code: added.code } }))
  expect((await phoneRequest(origin, '/phone/view', { cookie })).status).toBe(200)

  // The laptop stops (a crash or a restart) before the closing time: the same address, the same cookie.
  await core.tables?.shutdown()
  core.close()
  cores.splice(cores.indexOf(core), 1)
  const again = start()
  await again.tables?.restored()
  const status = await call<Output<'tables:status'>>(again, 'tables:status', {})
  expect(status.open).toBe(true)
  expect(status.origin).toBe(origin)
  expect((await phoneRequest(origin, '/phone/view', { cookie })).status).toBe(200)

  const revoked = await call<Output<'tables:revoke'>>(again, 'tables:revoke', { unitId: added.unit.id })
  expect(revoked.units[0]?.revokedAt).not.toBeNull()
  expect((await phoneRequest(origin, '/phone/view', { cookie })).status).toBe(401)
  expect((await again.dispatch('tables:revoke', { unitId: added.unit.id })).ok).toBe(false)

  const after = await call<Output<'tables:close'>>(again, 'tables:close', {})
  expect(after.open).toBe(false)
  await expect(phoneRequest(origin, '/phone/view', {})).rejects.toThrow()
})

it('refuses an address that is not this laptop’s, a closing time past or a day away, and a finished match', async () => {
  const core = start()
  const bad = await core.dispatch('tables:open', { host: '203.0.113.7', port: 0 })
  expect(!bad.ok && bad.error.field).toBe('host')
  const past = await core.dispatch('tables:open', { host: '127.0.0.4', port: 0, closesAt: '2020-01-01T00:00:00Z' })
  expect(!past.ok && past.error.field).toBe('closesAt')
  await call(core, 'tables:open', { host: '127.0.0.4', port: 0 })
  const m = await match(core)
  await call(core, 'matches:close', { id: m.id, status: 'abandoned' })
  const r = await core.dispatch('tables:add-phone', { matchId: m.id, label: 'Table 1' })
  expect(!r.ok && r.error.code).toBe('match-closed')
})
