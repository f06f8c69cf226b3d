/** Small pure helpers shared by engines and services. */

/** A structured deep copy for plain JSON-safe data. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

export function isInt(value: unknown, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
}

export function sum(values: readonly number[]): number {
  let total = 0
  for (const v of values) total += v
  return total
}
