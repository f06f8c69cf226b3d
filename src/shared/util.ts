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

/** "3 minutes", "2 hours", "2 days" (to the nearest), for the clock warning. */
export function formatSpan(ms: number): string {
  const s = Math.round(ms / 1000)
  const [n, unit] =
    s >= 86_400 - 1800
      ? [Math.round(s / 86_400), 'day']
      : s >= 3600 - 30
        ? [Math.round(s / 3600), 'hour']
        : s >= 60
          ? [Math.round(s / 60), 'minute']
          : [s, 'second']
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}
