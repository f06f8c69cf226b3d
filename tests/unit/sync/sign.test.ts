/**
 * The wire format's checks, without a hub (issue 23): the club HMAC, device keys and signatures, and
 * the checks a pulled row passes (checkIncoming). Each protection is asserted on its own so that
 * mutation testing finds a test for each.
 */
import { describe, expect, it } from 'vitest'
import type { EventRow } from '../../../src/core/db/repos/events'
import {
  deviceSignature,
  fromWire,
  isKeyedDevice,
  keyedDeviceId,
  loadDeviceKey,
  macOf,
  newDeviceKey,
  toWire,
} from '../../../src/core/sync/sign'
import { checkIncoming } from '../../../src/core/sync/incoming'
import { cleanHubText } from '../../../src/core/sync/hub-text'
import { MAX_ROW_PAYLOAD } from '../../../src/core/sync/transport'

const KEY = Buffer.alloc(32, 1)
const CLUB = '0193a000-0000-7000-8000-00000000c1ab'
const LEGACY = '0193a000-0000-7000-8000-0000000000a1'
const NOW = Date.parse('2026-11-30T18:00:00Z')

function row(device: string, over: Partial<EventRow> = {}): EventRow {
  return {
    id: '0193a000-0000-7000-8000-000000000e01',
    device_id: device,
    device_seq: 1,
    hlc: `${String(NOW).padStart(15, '0')}.000000.${device}`,
    kind: 'player.created',
    v: 1,
    subject: '0193a000-0000-7000-8000-000000000501',
    payload: JSON.stringify({ name: 'Ana', color: null }),
    ...over,
  }
}

describe('device keys', () => {
  it('a key gives one version-8 device id, the same every time', () => {
    const k = loadDeviceKey(newDeviceKey())!
    expect(k.deviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keyedDeviceId(k.publicKey)).toBe(k.deviceId)
    expect(isKeyedDevice(k.deviceId)).toBe(true)
    expect(isKeyedDevice(LEGACY)).toBe(false)
    expect(isKeyedDevice(`${k.deviceId}0`)).toBe(false)
    expect(loadDeviceKey(newDeviceKey())!.deviceId).not.toBe(k.deviceId)
    expect(loadDeviceKey('not a key')).toBeNull()
  })

  it('a keyed laptop’s row passes with its signature, and with nothing else', () => {
    const k = loadDeviceKey(newDeviceKey())!
    const r = row(k.deviceId)
    const signed = toWire(KEY, CLUB, r, deviceSignature(k, CLUB, r))
    const ok = fromWire(KEY, CLUB, signed as never)
    expect(ok).toMatchObject({ ok: true, row: r })
    expect(ok.ok && ok.deviceSig).toBe(signed.mac.slice(signed.mac.indexOf('.') + 1))
    // Club HMAC alone: refused.
    expect(fromWire(KEY, CLUB, toWire(KEY, CLUB, r) as never)).toMatchObject({ ok: false, reason: /own key/ })
    // Another key's signature (its own key, not the one the id comes from): refused.
    const other = loadDeviceKey(newDeviceKey())!
    expect(fromWire(KEY, CLUB, toWire(KEY, CLUB, r, deviceSignature(other, CLUB, r)) as never)).toMatchObject({
      ok: false,
    })
    // The right key signing other content: refused.
    const changed = { ...r, payload: JSON.stringify({ name: 'Mallory', color: null }) }
    const sig = deviceSignature(k, CLUB, changed)
    expect(
      fromWire(KEY, CLUB, { ...toWire(KEY, CLUB, r), mac: `${macOf(KEY, CLUB, r)}.${sig}` } as never),
    ).toMatchObject({ ok: false })
    // Extra parts or a cut signature: refused.
    expect(fromWire(KEY, CLUB, { ...signed, mac: `${signed.mac}.x` } as never)).toMatchObject({ ok: false })
    expect(fromWire(KEY, CLUB, { ...signed, mac: signed.mac.slice(0, -4) } as never)).toMatchObject({ ok: false })
    expect(fromWire(KEY, CLUB, { ...signed, mac: `${macOf(KEY, CLUB, r)}.` } as never)).toMatchObject({ ok: false })
  })

  it('refuses a device signature whose key is not 32 bytes or gives another id, and a signature with a part missing', () => {
    const k = loadDeviceKey(newDeviceKey())!
    const r = row(k.deviceId)
    const [pub, sig] = deviceSignature(k, CLUB, r).split('.') as [string, string]
    const hmac = macOf(KEY, CLUB, r)
    const short = Buffer.from(pub, 'base64url').subarray(0, 31).toString('base64url')
    for (const mac of [`${hmac}.${short}.${sig}`, `${hmac}..${sig}`, `${hmac}.${pub}.`, `${hmac}.${pub}`])
      expect(fromWire(KEY, CLUB, { ...toWire(KEY, CLUB, r), mac } as never)).toMatchObject({ ok: false })
    // A valid signature by a key that gives another device id than the row claims.
    const other = loadDeviceKey(newDeviceKey())!
    const claimed = row(other.deviceId)
    expect(
      fromWire(KEY, CLUB, {
        ...toWire(KEY, CLUB, claimed),
        mac: `${macOf(KEY, CLUB, claimed)}.${deviceSignature(k, CLUB, claimed)}`,
      } as never),
    ).toMatchObject({ ok: false, reason: /own key/ })
  })

  it('reads the fields by their types: a number where text belongs, a fraction, a bigint', () => {
    const r = row(LEGACY)
    const w = toWire(KEY, CLUB, r) as unknown as Record<string, unknown>
    // Fields of the wrong type are read as missing, so the HMAC no longer matches: refused, never thrown.
    expect(fromWire(KEY, CLUB, { ...w, kind: 7 })).toMatchObject({ ok: false })
    expect(fromWire(KEY, CLUB, { ...w, seq: 1.5 })).toMatchObject({ ok: false })
    expect(fromWire(KEY, CLUB, { ...w, seq: '1' })).toMatchObject({ ok: false })
    // The replica may hand integers over as bigints: read as numbers.
    expect(fromWire(KEY, CLUB, { ...w, seq: 1n, v: 1n })).toEqual({ ok: true, row: r, deviceSig: null })
    // A MAC of another length than the club's (cut, or empty before a dot): refused, never thrown.
    expect(fromWire(KEY, CLUB, { ...w, mac: 'abc' })).toMatchObject({ ok: false, reason: /club key/ })
    expect(fromWire(KEY, CLUB, { ...w, mac: `.${String(w.mac)}` })).toMatchObject({ ok: false, reason: /club key/ })
  })

  it('a row of a laptop from before keys passes with the club HMAC alone', () => {
    const r = row(LEGACY)
    expect(fromWire(KEY, CLUB, toWire(KEY, CLUB, r) as never)).toEqual({ ok: true, row: r, deviceSig: null })
    expect(fromWire(Buffer.alloc(32, 2), CLUB, toWire(KEY, CLUB, r) as never)).toMatchObject({
      ok: false,
      reason: /club key/,
    })
    expect(fromWire(KEY, 'another-club', toWire(KEY, CLUB, r) as never)).toMatchObject({
      ok: false,
      reason: /another club/,
    })
  })
})

describe('checkIncoming', () => {
  const at = new Date(NOW).toISOString()
  const none = (): undefined => undefined
  const wire = (r: EventRow, n = 1) => ({ ...toWire(KEY, CLUB, r), n })

  it('takes a good row, refuses one stamped more than a day ahead, takes one a day ahead exactly', () => {
    const good = row(LEGACY)
    const ahead = (ms: number, id: string): EventRow =>
      row(LEGACY, { id, hlc: `${String(NOW + ms).padStart(15, '0')}.000000.${LEGACY}` })
    const far = ahead(24 * 3600_000 + 1, '0193a000-0000-7000-8000-000000000e02')
    const edge = ahead(24 * 3600_000, '0193a000-0000-7000-8000-000000000e03')
    const r = checkIncoming([wire(good), wire(far, 2), wire(edge, 3)], KEY, CLUB, 'me', at, none)
    expect(r.checked.map((e) => e.id)).toEqual([good.id, edge.id])
    expect(r.refused).toMatchObject([{ id: far.id, hubRow: 2, reason: /more than a day ahead/ }])
  })

  it('refuses a row too large to read, content that is not JSON, and content the live checks refuse', () => {
    const big = { ...wire(row(LEGACY)), payload: null as unknown as string }
    const notJson = row(LEGACY, { id: '0193a000-0000-7000-8000-000000000e04', payload: '{' })
    const badName = row(LEGACY, {
      id: '0193a000-0000-7000-8000-000000000e05',
      payload: JSON.stringify({ name: '\u202eevil', color: null }),
    })
    const r = checkIncoming([big, wire(notJson, 2), wire(badName, 3)], KEY, CLUB, 'me', at, none)
    expect(r.checked).toEqual([])
    expect(r.refused.map((x) => x.reason)).toEqual([
      expect.stringContaining(`${MAX_ROW_PAYLOAD / 1024} KB`),
      'its content is not valid JSON',
      expect.stringContaining('name'),
    ])
  })

  it('skips this laptop’s own rows as it holds them, and lists forged ones claiming it', () => {
    const mine = row('me-device')
    const own = (id: string): EventRow | undefined => (id === mine.id ? mine : undefined)
    const forged = row('me-device', { id: '0193a000-0000-7000-8000-000000000e06' })
    const changed = { ...wire(mine), payload: JSON.stringify({ name: 'Changed', color: null }) }
    const r = checkIncoming([wire(mine), wire(forged, 2), changed], KEY, CLUB, 'me-device', at, own)
    expect(r.checked).toEqual([])
    expect(r.refused.map((x) => x.reason)).toEqual([
      expect.stringContaining('never made it'),
      expect.stringContaining('differs'),
    ])
  })

  it('refuses a payload that is not text (a number, a missing one) as one it could not read', () => {
    const r = checkIncoming(
      [
        { ...wire(row(LEGACY)), payload: 7 as unknown as string },
        { ...wire(row(LEGACY)), payload: undefined as unknown as string, n: 2 },
      ],
      KEY,
      CLUB,
      'me',
      at,
      none,
    )
    expect(r.refused.map((x) => x.hubRow)).toEqual([1, 2])
    expect(r.refused[0]!.reason).toContain(`${MAX_ROW_PAYLOAD / 1024} KB`)
  })

  it('a row claiming this laptop with its own content but the wrong club signature is listed', () => {
    const mine = row('me-device')
    const own = (id: string): EventRow | undefined => (id === mine.id ? mine : undefined)
    const badMac = { ...toWire(Buffer.alloc(32, 9), CLUB, mine), n: 1 }
    const r = checkIncoming([badMac], KEY, CLUB, 'me-device', at, own)
    expect(r.refused).toMatchObject([{ reason: expect.stringContaining('differs') }])
  })

  it('a row claiming this laptop that it never made, with a signature that does not hold, is listed', () => {
    const forged = { ...toWire(Buffer.alloc(32, 9), CLUB, row('me-device')), n: 1 }
    const r = checkIncoming([forged], KEY, CLUB, 'me-device', at, none)
    expect(r.refused).toMatchObject([{ reason: expect.stringContaining('never made it') }])
  })

  it('with no clock to compare (an unreadable time), a far stamp is not refused for it', () => {
    const far = row(LEGACY, { hlc: `${String(NOW + 5 * 24 * 3600_000).padStart(15, '0')}.000000.${LEGACY}` })
    expect(checkIncoming([wire(far)], KEY, CLUB, 'me', 'not a time', none).checked).toHaveLength(1)
    // An unreadable stamp is refused by the event checks, not by a crash in the time check.
    const bad = row(LEGACY, { hlc: 'soon' })
    expect(checkIncoming([wire(bad)], KEY, CLUB, 'me', at, none).refused).toHaveLength(1)
  })

  it('keeps no signature for a laptop from before keys', () => {
    const c = checkIncoming([wire(row(LEGACY))], KEY, CLUB, 'me', at, none)
    expect(c.checked).toHaveLength(1)
    expect(c.sigs.size).toBe(0)
  })

  it('keeps a refused row’s id and device short', () => {
    const long = { ...wire(row(LEGACY)), id: 'L'.repeat(500), device: 'D'.repeat(500) }
    const r = checkIncoming([long], Buffer.alloc(32, 3), CLUB, 'me', at, none)
    expect(r.refused[0]!.id).toBe('L'.repeat(64))
    expect(r.refused[0]!.deviceId).toBe('D'.repeat(64))
  })

  it('keeps a keyed laptop’s signature of each event it takes', () => {
    const k = loadDeviceKey(newDeviceKey())!
    const r = row(k.deviceId)
    const w = { ...toWire(KEY, CLUB, r, deviceSignature(k, CLUB, r)), n: 1 }
    const c = checkIncoming([w], KEY, CLUB, 'me', at, none)
    expect(c.checked).toHaveLength(1)
    expect(c.sigs.get(r.id)).toBe(w.mac.slice(w.mac.indexOf('.') + 1))
  })
})

describe('cleanHubText', () => {
  it('cuts, and drops what cannot be shown', () => {
    expect(cleanHubText('  Thursday   club ', 80)).toBe('Thursday club')
    expect(cleanHubText('\u202eBULC\u0007x', 80)).toBe('BULC x')
    expect(cleanHubText('a\u200fb\u2066c', 80)).toBe('a b c')
    expect(cleanHubText('x'.repeat(5_000_000), 80)).toHaveLength(80)
    expect(cleanHubText('abcdef', 4)).toBe('abc…')
    expect(cleanHubText('abcd', 4)).toBe('abcd')
    expect(cleanHubText(42, 80)).toBe('')
    expect(cleanHubText('\ud800x', 80)).toBe('x')
    // A lone low surrogate goes too; a pair stays.
    expect(cleanHubText('a\udc00b', 80)).toBe('ab')
    expect(cleanHubText('a\ud83d\ude00b', 80)).toBe('a\ud83d\ude00b')
    // Only the first 4096 characters are read; a cut does not leave a space before the ellipsis.
    expect(cleanHubText(`${'x'.repeat(4096)}TAIL`, 10_000)).not.toContain('TAIL')
    expect(cleanHubText('ab cd', 4)).toBe('ab…')
  })
})
