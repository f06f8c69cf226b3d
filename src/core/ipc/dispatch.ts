/**
 * The one path every IPC payload takes, in Electron and in the web bridge alike:
 * known channel -> structural safety -> schema parse -> handler -> Result. No Electron import here.
 */
import * as v from 'valibot'
import { CHANNELS, ROUTES, isChannel, type Channel, type ChannelOn, type Runs } from '../../shared/ipc/channels'
import { schemas, type Input, type Output } from '../../shared/ipc/contract'
import { err, type Result } from '../../shared/result'

/**
 * `caller` is what the transport knows of who called: the Electron edge passes its IPC event, which
 * only the shell's own handlers (`runs: 'edge'`) look at; the web bridge passes nothing.
 */
export type Handler<C extends Channel, Caller = unknown> = (
  input: Input<C>,
  caller?: Caller,
) => Result<Output<C>> | Promise<Result<Output<C>>>
export type Handlers<Caller = unknown> = { [C in Channel]: Handler<C, Caller> }
export type Dispatch<Caller = unknown> = (
  channel: unknown,
  payload: unknown,
  caller?: Caller,
) => Promise<Result<unknown>>

/** The handlers of one side: exactly the channels ROUTES sends there, no more. */
export type SideHandlers<R extends Runs, Caller = unknown> = { [C in ChannelOn<R>]: Handler<C, Caller> }

/**
 * Every channel's handler, taken from the side its route names. Throws when a side answers a channel
 * routed elsewhere (a handler nothing could reach) or lacks one of its own, should a cast hide it from the types.
 */
export function routeHandlers<Caller>(sides: {
  main: SideHandlers<'main'>
  worker: SideHandlers<'worker'>
  edge: SideHandlers<'edge', Caller>
}): Handlers<Caller> {
  for (const side of Object.keys(sides) as Runs[])
    for (const key of Object.keys(sides[side]))
      if (!isChannel(key) || ROUTES[key].runs !== side)
        throw new Error(`The ${side} side has a handler for ${key}, which is not routed there.`)
  const handlers: Partial<Record<Channel, unknown>> = {}
  for (const channel of CHANNELS) {
    const side = ROUTES[channel].runs
    const handler = (sides[side] as Partial<Record<Channel, unknown>>)[channel]
    if (typeof handler !== 'function')
      throw new Error(`${channel} is routed to the ${side} side, which has no handler for it.`)
    handlers[channel] = handler
  }
  return handlers as Handlers<Caller>
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MAX_DEPTH = 32
const MAX_NODES = 100_000

type ShapeProblem = { field: string; message: string }

/** Refuses prototype-polluting keys, absurd nesting and non-JSON values before any schema sees them. */
export function checkPayloadShape(payload: unknown): ShapeProblem | null {
  return walkShape(payload, '', 0, { nodes: 0 })
}

function walkShape(value: unknown, path: string, depth: number, seen: { nodes: number }): ShapeProblem | null {
  if (++seen.nodes > MAX_NODES) return { field: path || 'request', message: 'has too many parts' }
  if (depth > MAX_DEPTH) return { field: path || 'request', message: 'is nested too deeply' }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null
  if (typeof value === 'number')
    return Number.isFinite(value) ? null : { field: path || 'request', message: 'must be a finite number' }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = walkShape(value[i], `${path}[${i}]`, depth + 1, seen)
      if (bad) return bad
    }
    return null
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown
    if (proto !== Object.prototype && proto !== null) return { field: path || 'request', message: 'must be plain data' }
    for (const key of Object.keys(value)) {
      const field = path ? `${path}.${key}` : key
      if (FORBIDDEN_KEYS.has(key)) return { field, message: 'is not an allowed field name' }
      const bad = walkShape((value as Record<string, unknown>)[key], field, depth + 1, seen)
      if (bad) return bad
    }
    return null
  }
  return { field: path || 'request', message: `cannot be a ${typeof value}` }
}

export function parseInput<C extends Channel>(channel: C, payload: unknown): Result<Input<C>> {
  const bad = checkPayloadShape(payload)
  if (bad) return err('invalid-input', `Invalid request for ${channel}: ${bad.field} ${bad.message}.`, bad.field)
  const parsed = v.safeParse(schemas[channel], payload)
  if (parsed.success) return { ok: true, value: parsed.output as Input<C> }
  const issue = parsed.issues[0]
  const field = v.getDotPath(issue) ?? undefined
  const what = field ?? 'the request'
  const message =
    issue.type === 'strict_object' && field
      ? `Invalid request for ${channel}: ${field} is not a known field.`
      : issue.type === 'strict_object'
        ? `Invalid request for ${channel}: ${what} must be an object with the expected fields.`
        : `Invalid request for ${channel}: ${what} ${issue.message}.`
  return err('invalid-input', message, field)
}

export function createDispatcher<Caller = unknown>(
  handlers: Handlers<Caller>,
  onError: (e: unknown, channel: string) => void = () => {},
): Dispatch<Caller> {
  return async (channel, payload, caller) => {
    if (!isChannel(channel))
      return err('unknown-channel', `There is no channel called ${JSON.stringify(String(channel)).slice(0, 80)}.`)
    const input = parseInput(channel, payload)
    if (!input.ok) return input
    try {
      const handler = handlers[channel] as Handler<typeof channel, Caller>
      return await handler(input.value as never, caller)
    } catch (e) {
      onError(e, channel)
      const code = (e as { code?: string }).code
      if (code === 'SQLITE_BUSY')
        return err('busy', 'The data file is busy (is Ninekeeper open twice?). Nothing was saved; try again.')
      // Every write is one transaction, so a write the disk had no room for was rolled back whole.
      if (code === 'SQLITE_FULL' || code === 'ENOSPC') return err('disk-full', 'The disk is full. Nothing was saved.')
      return err('internal', 'Something went wrong inside Ninekeeper. Nothing was saved. The details are in the log.')
    }
  }
}
