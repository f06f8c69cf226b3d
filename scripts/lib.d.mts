// Types for the parts of scripts/lib.mjs that tests import.
export const ROOT: string
export function installNeeded(root?: string): string | null
export function ensureInstalled(command: string): void
export function findChromium(
  env?: Record<string, string | undefined>,
  root?: string,
  system?: string[],
): { path: string; error?: undefined } | { error: string; path?: undefined }
