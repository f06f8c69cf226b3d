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
