// Types for the parts of scripts/lib.mjs that tests import.
export const ROOT: string
export function installNeeded(root?: string): string | null
export function ensureInstalled(command: string): void
export const SYSTEM_CHROMIUMS: string[]
export type ChromiumLookup = { exists: (path: string) => boolean; playwrightPath: (root: string) => string | null }
export type ChromiumFound =
  { path: string; downloaded?: true; error?: undefined } | { error: string; path?: undefined; downloaded?: undefined }
export function playwrightChromiumPath(root?: string): string | null
export function installPlaywrightChromium(root?: string, timeoutMs?: number): number
export function findChromium(
  env?: Record<string, string | undefined>,
  root?: string,
  system?: string[],
  io?: ChromiumLookup,
): ChromiumFound
export function obtainChromium(options?: {
  env?: Record<string, string | undefined>
  root?: string
  system?: string[]
  io?: ChromiumLookup & { install: (root: string) => number; log: (line: string) => void }
}): ChromiumFound
/** As `run`, with the output held and given back with the code (npm test's checks that run side by side). */
export function runHeld(
  cmd: string,
  args: readonly string[],
  opts?: Record<string, unknown>,
): Promise<{ code: number; output: string }>
/** Runs the tasks at most `limit` at a time; the results in the tasks' order. */
export function inTurns<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]>
