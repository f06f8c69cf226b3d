/**
 * Engine input goes through a valibot schema (the library the IPC contract uses) before any rule is
 * looked at: a config or action of the wrong shape is refused here with a specific message and the
 * field it concerns, so the engines work on typed values and never need a catch-all.
 */
import * as v from 'valibot'
import { ok, type Result } from '../result'
import { err, type GameErrorCode } from './errors'

/** A dotted field name from a valibot issue path: `hands.1`, `houseRules.declareGap`. */
export function issueField(issue: v.BaseIssue<unknown>): string | undefined {
  const keys = issue.path?.map((p) => String(p.key as string | number)) ?? []
  return keys.length === 0 ? undefined : keys.join('.')
}

/**
 * Parses `input` with `schema`. On failure: the first issue's message, its field, and the code
 * `codeFor(field)` gives (so a bad seat can be 'invalid-seat' while the rest is 'invalid-action').
 */
export function parseInput<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  codeFor: (field: string | undefined) => GameErrorCode,
): Result<v.InferOutput<S>> {
  const data = asData(input)
  if (!data.ok) return err(codeFor(undefined), data.message)
  const r = v.safeParse(schema, data.value)
  if (r.success) return ok(r.output)
  const issue = r.issues[0]
  const field = issueField(issue)
  return err(codeFor(field), issue.message, field)
}

/**
 * The input as the JSON data it stands for, which is what a stored log and IPC carry: undefined fields
 * dropped, and nothing left that runs code when read. Input that cannot be serialised (a getter that throws,
 * a cycle, a BigInt) is refused here; this is the only place an engine catches, and only around reading input.
 */
function asData(input: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  let text: string | undefined
  try {
    text = JSON.stringify(input)
  } catch {
    return { ok: false, message: 'This input is not plain data (it cannot be written as JSON).' }
  }
  return { ok: true, value: text === undefined ? undefined : (JSON.parse(text) as unknown) }
}

/** A plain object (not an array, a Date or a class instance), with a message of our own. */
export function plainObject(message: string) {
  return v.custom<Record<string, unknown>>((x) => {
    if (x === null || typeof x !== 'object' || Array.isArray(x)) return false
    const proto = Object.getPrototypeOf(x) as unknown
    return proto === Object.prototype || proto === null
  }, message)
}

/** The message valibot gives a missing required key comes from its object; this picks one per key. */
export function missingKey(messages: Record<string, string>, fallback: string) {
  return (issue: v.BaseIssue<unknown>): string => {
    const key = issue.path?.[issue.path.length - 1]?.key
    return typeof key === 'string' && Object.prototype.hasOwnProperty.call(messages, key)
      ? (messages[key] as string)
      : fallback
  }
}

/**
 * Checks each item of a list; `problem(item, index)` returns the message for a bad item, or null. (A
 * message of the item's own schema cannot name the index: valibot adds the path after the message.)
 */
export function eachItem(problem: (item: unknown, index: number) => string | null) {
  return v.rawCheck<unknown[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const list = dataset.value
    for (let i = 0; i < list.length; i++) {
      const message = problem(list[i], i)
      if (message === null) continue
      addIssue({
        message,
        input: list[i],
        path: [{ type: 'array', origin: 'value', input: list, key: i, value: list[i] }],
      })
      return
    }
  })
}

/** The most values `readData` copies: no board, hand or set of house rules comes near it. */
export const READ_DATA_LIMIT = 10_000
/** The deepest nesting `readData` copies (a board is 3 levels: board, stakes, one card's seats). */
export const READ_DATA_DEPTH = 8

export type DataReading = { ok: true; value: unknown } | { ok: false; message: string }

/**
 * A copy of `input` the rules can read without surprises: arrays (every index, a hole as undefined) and
 * objects (their own enumerable keys) are copied; every other value is kept as it is (NaN stays NaN and
 * undefined stays undefined, unlike a JSON round trip, so the rules' own checks give the same answer as on
 * the original). Input that cannot be read — a getter or proxy that throws, an object that contains itself,
 * more than READ_DATA_LIMIT values or READ_DATA_DEPTH levels — comes back with the reason. Only this reading
 * is guarded: the public rules functions parse the copy and run their logic outside any catch, so a bug in a
 * rule surfaces as an error instead of turning into "invalid input".
 */
export function readData(input: unknown): DataReading {
  const state = { count: 0, problem: null as string | null }
  let value: unknown
  try {
    value = copyData(input, 0, [], state)
  } catch (e) {
    return { ok: false, message: `reading it failed (${e instanceof Error ? e.message : 'a value was thrown'})` }
  }
  return state.problem === null ? { ok: true, value } : { ok: false, message: state.problem }
}

function copyData(x: unknown, depth: number, parents: object[], state: { count: number; problem: string | null }) {
  if (state.problem !== null) return undefined
  if (++state.count > READ_DATA_LIMIT) {
    state.problem = `it holds more than ${READ_DATA_LIMIT} values`
    return undefined
  }
  if (x === null || typeof x !== 'object') return x
  if (parents.includes(x)) {
    state.problem = 'it contains itself'
    return undefined
  }
  if (depth >= READ_DATA_DEPTH) {
    state.problem = `it is nested more than ${READ_DATA_DEPTH} levels deep`
    return undefined
  }
  const inner = [...parents, x]
  if (Array.isArray(x)) {
    const list = x as unknown[]
    const length = list.length
    if (length > READ_DATA_LIMIT) {
      state.problem = `it holds more than ${READ_DATA_LIMIT} values`
      return undefined
    }
    const out: unknown[] = []
    for (let i = 0; i < length; i++) out.push(copyData(list[i], depth + 1, inner, state))
    return out
  }
  const record = x as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(record)) {
    // defined, not assigned: an own key "__proto__" stays a key and does not change the copy's prototype
    Object.defineProperty(out, key, {
      value: copyData(record[key], depth + 1, inner, state),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}
