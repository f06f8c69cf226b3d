/**
 * Changing the join code, the pure parts: the key agreement between two laptops' device keys, the
 * sealed keys a change carries, the member tokens, and which change is in force
 * (src/core/sync/code-change.ts, src/shared/events/device.ts).
 */
import { createPublicKey, diffieHellman, generateKeyPairSync } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  codeKeyFor,
  keyGives,
  makeCodeChange,
  memberToken,
  newCodeKey,
  open,
  seal,
  signKeyFor,
  x25519PrivateOf,
  x25519PublicOf,
} from '../../../src/core/sync/code-change'
import { loadDeviceKey, newDeviceKey, type DeviceKey } from '../../../src/core/sync/sign'
import { codeChangeInForce, type CodeChangeEvent } from '../../../src/shared/events/device'
import { formatHlc } from '../../../src/shared/events/hlc'
import { validateEvent } from '../../../src/shared/events/validate'

const CLUB = '3f2a8c1e-0000-4000-8000-000000000001'
const laptop = (): DeviceKey => loadDeviceKey(newDeviceKey()) as DeviceKey

describe('X25519 from device keys', () => {
  it('maps an Ed25519 key pair onto an X25519 pair: the public half of the mapped private key is the mapped public key', () => {
    for (let i = 0; i < 20; i++) {
      const k = laptop()
      const fromPrivate = createPublicKey(x25519PrivateOf(k.privateKey))
        .export({ format: 'der', type: 'spki' })
        .subarray(-32)
      expect(x25519PublicOf(k.publicKey).equals(fromPrivate)).toBe(true)
    }
  })

  it('gives two laptops the same member token, each from its own private key, and a third laptop another', () => {
    const a = laptop()
    const b = laptop()
    const c = laptop()
    const t = memberToken(a, b.publicKey, CLUB, 'ref-0123456789abcdef')
    expect(memberToken(b, a.publicKey, CLUB, 'ref-0123456789abcdef')).toBe(t)
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(memberToken(c, a.publicKey, CLUB, 'ref-0123456789abcdef')).not.toBe(t)
    expect(memberToken(a, b.publicKey, CLUB, 'ref-0123456789abcdeg')).not.toBe(t)
    expect(memberToken(a, b.publicKey, '3f2a8c1e-0000-4000-8000-000000000002', 'ref-0123456789abcdef')).not.toBe(t)
  })

  it('refuses a public key that is not 32 bytes, and a low-order point no laptop makes', () => {
    expect(() => x25519PublicOf(Buffer.alloc(31))).toThrow(/32 bytes/)
    expect(() => x25519PublicOf(Buffer.alloc(33))).toThrow(/32 bytes/)
    const y1 = Buffer.alloc(32)
    y1[0] = 1
    expect(() => memberToken(laptop(), y1, CLUB, 'ref-0123456789abcdef')).toThrow()
  })

  it('agrees with Node’s own X25519 on keys made as X25519', () => {
    // The mapped public key must be a point Node accepts and that gives the same secret both ways.
    const a = laptop()
    const x = generateKeyPairSync('x25519')
    const pub = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b656e032100', 'hex'), x25519PublicOf(a.publicKey)]),
      format: 'der',
      type: 'spki',
    })
    const one = diffieHellman({ privateKey: x.privateKey, publicKey: pub })
    const two = diffieHellman({ privateKey: x25519PrivateOf(a.privateKey), publicKey: x.publicKey })
    expect(one.equals(two)).toBe(true)
  })
})

describe('sealed keys', () => {
  it('opens only with the key and label it was sealed with, and not once a byte changed', () => {
    const key = Buffer.alloc(32, 7)
    const box = seal(key, Buffer.from('secret'), 'label')
    expect(open(key, box, 'label')?.toString()).toBe('secret')
    expect(open(Buffer.alloc(32, 8), box, 'label')).toBeNull()
    expect(open(key, box, 'other')).toBeNull()
    const raw = Buffer.from(box, 'base64url')
    raw[14] = (raw[14] as number) ^ 1
    expect(open(key, raw.toString('base64url'), 'label')).toBeNull()
    expect(open(key, 'short', 'label')).toBeNull()
  })

  it('a change gives the signing key to holders of the new code and the new code to each kept laptop only', () => {
    const changer = laptop()
    const kept = laptop()
    const left = laptop()
    const signKey = newCodeKey()
    const code = newCodeKey()
    const p = makeCodeChange({
      me: changer,
      clubId: CLUB,
      signKey,
      newCodeKey: code,
      supersedes: '',
      keep: [{ deviceId: kept.deviceId, publicKey: kept.publicKey }],
      previousToken: 'old-token',
    })
    expect(signKeyFor(p, code, CLUB)?.equals(signKey)).toBe(true)
    expect(signKeyFor(p, signKey, CLUB)).toBeNull()
    expect(signKeyFor(p, code, '3f2a8c1e-0000-4000-8000-000000000002')).toBeNull()
    expect(codeKeyFor(p, kept, CLUB)?.equals(code)).toBe(true)
    expect(codeKeyFor(p, left, CLUB)).toBeNull()
    // A box copied onto another laptop's name opens for nobody.
    const stolen = { ...p, wraps: [{ device: left.deviceId, box: p.wraps[0]!.box }] }
    expect(codeKeyFor(stolen, left, CLUB)).toBeNull()
    // A change claiming another changer's key opens for nobody either.
    expect(codeKeyFor({ ...p, from: left.publicKey.toString('base64url') }, kept, CLUB)).toBeNull()
    expect(keyGives(p.from, changer.deviceId)).toBe(true)
    expect(keyGives(p.from, kept.deviceId)).toBe(false)
    expect(keyGives('AAAA', changer.deviceId)).toBe(false)
  })

  it('passes the event checks as made, and the checks refuse a malformed change', () => {
    const changer = laptop()
    const p = makeCodeChange({
      me: changer,
      clubId: CLUB,
      signKey: newCodeKey(),
      newCodeKey: newCodeKey(),
      supersedes: '',
      keep: [laptop(), laptop()].map((k) => ({ deviceId: k.deviceId, publicKey: k.publicKey })),
      previousToken: 'old-token',
    })
    const event = (payload: unknown, deviceId = changer.deviceId) => ({
      id: '01900000-0000-7000-8000-000000000001',
      deviceId,
      deviceSeq: 1,
      hlc: formatHlc(1_700_000_000_000, 0, deviceId),
      kind: 'device.code-changed',
      v: 1,
      subject: CLUB,
      payload,
    })
    expect(validateEvent(event(p)).ok).toBe(true)
    expect(validateEvent(event({ ...p, key: 'x' })).ok).toBe(false)
    expect(validateEvent(event({ ...p, wraps: [...p.wraps, ...p.wraps] })).ok).toBe(false)
    expect(validateEvent(event({ ...p, supersedes: 'nope' })).ok).toBe(false)
    expect(validateEvent(event({ ...p, extra: 1 })).ok).toBe(false)
    expect(validateEvent(event({ ...p, previous: 'old-token' })).ok).toBe(false)
    // Anchored checks: a stray character at either end is refused.
    expect(validateEvent(event({ ...p, previous: `x${p.previous}` })).ok).toBe(false)
    expect(validateEvent(event({ ...p, previous: `${p.previous}x` })).ok).toBe(false)
    expect(validateEvent(event({ ...p, from: `+${p.from.slice(1)}` })).ok).toBe(false)
    expect(validateEvent(event({ ...p, from: `${p.from.slice(0, -1)}+` })).ok).toBe(false)
    // Only a laptop with its own device key (a version-8 id) can change the code.
    expect(validateEvent(event(p, '01900000-0000-7000-8000-00000000000a')).ok).toBe(false)
  })
})

describe('a laptop saying it joined', () => {
  const me = laptop()
  const joined = (payload: unknown, deviceId = me.deviceId, subject = me.deviceId) =>
    validateEvent({
      id: '01900000-0000-7000-8000-000000000002',
      deviceId,
      deviceSeq: 1,
      hlc: formatHlc(1_700_000_000_000, 0, deviceId),
      kind: 'device.joined',
      v: 1,
      subject,
      payload,
    })

  it('is taken from a keyed laptop about itself, with its name', () => {
    expect(joined({ label: 'Table one' }).ok).toBe(true)
    expect(joined({}).ok).toBe(false)
    expect(joined({ label: 'Table one\u202e' }).ok).toBe(false)
    expect(joined({ label: 'Table one' }, me.deviceId, laptop().deviceId)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/only say that it joined itself/) },
    })
    const old = '01900000-0000-7000-8000-00000000000a'
    expect(joined({ label: 'Table one' }, old, old)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/own device key/) },
    })
  })
})

describe('the change in force', () => {
  const changer = laptop()
  const other = laptop()
  let n = 0
  const change = (by: DeviceKey, at: number, supersedes: string, from = by): CodeChangeEvent => {
    n++
    return {
      id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
      deviceId: by.deviceId,
      hlc: formatHlc(at, 0, by.deviceId),
      payload: { supersedes, from: from.publicKey.toString('base64url'), key: '', wraps: [], previous: '' },
    }
  }

  it('follows the chain from the first code: each link names the one before it', () => {
    const one = change(changer, 1000, '')
    const two = change(other, 2000, one.id)
    const three = change(changer, 3000, two.id)
    expect(codeChangeInForce([three, one, two], keyGives)?.id).toBe(three.id)
    expect(codeChangeInForce([three, two], keyGives)).toBeNull()
    expect(codeChangeInForce([], keyGives)).toBeNull()
  })

  it('ignores a change whose key is not its writer’s, and takes the first in log order of two rivals', () => {
    const one = change(changer, 1000, '')
    const forged = change(other, 500, '', changer)
    expect(codeChangeInForce([forged, one], keyGives)?.id).toBe(one.id)
    const rival = change(other, 1500, '')
    expect(codeChangeInForce([rival, one], keyGives)?.id).toBe(one.id)
  })

  it('of two rivals with one stamp, takes the smaller event id, in either order', () => {
    const one = change(changer, 1000, '')
    const twin = { ...change(other, 1000, ''), hlc: one.hlc }
    const [small, big] = one.id < twin.id ? [one, twin] : [twin, one]
    expect(codeChangeInForce([big, small], keyGives)?.id).toBe(small.id)
    expect(codeChangeInForce([small, big], keyGives)?.id).toBe(small.id)
  })

  it('is the same whatever order the events are given in', () => {
    const one = change(changer, 1000, '')
    const two = change(other, 2000, one.id)
    const rival = change(changer, 2500, one.id)
    const three = change(other, 3000, rival.id)
    const four = change(changer, 4000, two.id)
    const all = [one, two, rival, three, four]
    const expected = codeChangeInForce(all, keyGives)?.id
    expect(expected).toBe(four.id)
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), (order) => {
        expect(codeChangeInForce(order, keyGives)?.id).toBe(expected)
      }),
    )
  })
})
