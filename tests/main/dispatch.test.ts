/**
 * The dispatcher on its own: every branch of the payload shape check, the schema messages, and how a
 * handler's thrown error becomes a Result (busy, disk-full, internal). Written to kill the mutants
 * StrykerJS found alive in src/core/ipc/dispatch.ts (docs/QUALITY.md).
 */
import { describe, expect, it } from 'vitest'
import { checkPayloadShape, createDispatcher, parseInput, type Handlers } from '../../src/core/ipc/dispatch'
import { ok } from '../../src/shared/result'

describe('checkPayloadShape', () => {
  const nest = (depth: number): unknown => (depth === 0 ? 1 : { a: nest(depth - 1) })

  it('accepts plain JSON data, including null-prototype objects', () => {
    expect(checkPayloadShape({ a: [1, 'x', true, null, { b: 2.5 }] })).toBeNull()
    expect(checkPayloadShape(Object.assign(Object.create(null), { a: 1 }))).toBeNull()
    expect(checkPayloadShape(null)).toBeNull()
    expect(checkPayloadShape('text')).toBeNull()
    expect(checkPayloadShape(false)).toBeNull()
  })

  it('refuses a payload with more than 100 000 parts, naming where it stopped', () => {
    expect(checkPayloadShape(new Array(99_999).fill(0))).toBeNull()
    expect(checkPayloadShape(new Array(100_000).fill(0))).toEqual({ field: '[99999]', message: 'has too many parts' })
    expect(checkPayloadShape({ list: new Array(100_000).fill(0) })).toEqual({
      field: 'list[99998]',
      message: 'has too many parts',
    })
  })

  it('refuses nesting deeper than 32 levels, at the level that is too deep', () => {
    expect(checkPayloadShape(nest(32))).toBeNull()
    const bad = checkPayloadShape(nest(33))
    expect(bad).toEqual({ field: `${Array(33).fill('a').join('.')}`, message: 'is nested too deeply' })
    expect(checkPayloadShape(JSON.parse(`${'['.repeat(33)}1${']'.repeat(33)}`))).toMatchObject({
      message: 'is nested too deeply',
    })
    expect(checkPayloadShape(JSON.parse(`${'['.repeat(32)}1${']'.repeat(32)}`))).toBeNull()
  })

  it('refuses numbers that are not finite, naming the field or the request', () => {
    expect(checkPayloadShape({ n: Number.NaN })).toEqual({ field: 'n', message: 'must be a finite number' })
    expect(checkPayloadShape([1, Infinity])).toEqual({ field: '[1]', message: 'must be a finite number' })
    expect(checkPayloadShape(-Infinity)).toEqual({ field: 'request', message: 'must be a finite number' })
  })

  it('refuses class instances and values JSON cannot carry', () => {
    expect(checkPayloadShape({ when: new Date(0) })).toEqual({ field: 'when', message: 'must be plain data' })
    expect(checkPayloadShape(new Map())).toEqual({ field: 'request', message: 'must be plain data' })
    expect(checkPayloadShape({ f: () => 1 })).toEqual({ field: 'f', message: 'cannot be a function' })
    expect(checkPayloadShape({ u: undefined })).toEqual({ field: 'u', message: 'cannot be a undefined' })
    expect(checkPayloadShape(10n)).toEqual({ field: 'request', message: 'cannot be a bigint' })
    expect(checkPayloadShape([Symbol('s')])).toEqual({ field: '[0]', message: 'cannot be a symbol' })
  })

  it('reports the first bad part, after good ones', () => {
    expect(checkPayloadShape({ a: 1, b: [1, { c: 2, constructor: 1 }] })).toEqual({
      field: 'b[1].constructor',
      message: 'is not an allowed field name',
    })
  })
})

describe('parseInput messages', () => {
  it('names an unknown field, a wrong whole request, and a wrong field', () => {
    expect(parseInput('players:create', { name: 'A', extra: 1 })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        field: 'extra',
        message: 'Invalid request for players:create: extra is not a known field.',
      },
    })
    expect(parseInput('players:create', [])).toMatchObject({
      ok: false,
      error: { message: 'Invalid request for players:create: the request must be an object.' },
    })
    expect(parseInput('players:create', { name: 5 })).toMatchObject({
      ok: false,
      error: { field: 'name', message: 'Invalid request for players:create: name must be text.' },
    })
    expect(parseInput('players:create', 'x')).toMatchObject({
      ok: false,
      error: { message: 'Invalid request for players:create: the request must be an object.' },
    })
  })
})

describe('createDispatcher', () => {
  const failing = (e: unknown) =>
    ({
      'players:list': () => {
        throw e
      },
    }) as unknown as Handlers

  it('names an unknown channel, shortened', async () => {
    const d = createDispatcher({} as Handlers)
    const long = 'x'.repeat(500)
    const r = await d(long, {})
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
    expect(r.ok ? '' : r.error.message).toBe(`There is no channel called "${'x'.repeat(79)}.`)
  })

  it.each([
    [Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }), 'busy', /busy/],
    [
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
      'disk-full',
      /^The disk is full\. Nothing was saved\.$/,
    ],
    [
      Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }),
      'disk-full',
      /^The disk is full\. Nothing was saved\.$/,
    ],
    [Object.assign(new Error('readonly'), { code: 'SQLITE_READONLY' }), 'internal', /Something went wrong/],
    [new Error('plain'), 'internal', /Something went wrong/],
    ['a thrown string', 'internal', /Something went wrong/],
  ])('turns a thrown %s into %s, and logs it', async (thrown, code, message) => {
    const logged: unknown[] = []
    const d = createDispatcher(failing(thrown), (e, channel) => logged.push([e, channel]))
    const r = await d('players:list', {})
    expect(r).toMatchObject({ ok: false, error: { code } })
    expect(r.ok ? '' : r.error.message).toMatch(message)
    expect(logged).toEqual([[thrown, 'players:list']])
  })

  it('passes a handler result through', async () => {
    const d = createDispatcher({ 'players:list': () => ok([]) } as unknown as Handlers)
    expect(await d('players:list', {})).toEqual({ ok: true, value: [] })
  })
})
