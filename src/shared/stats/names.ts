/**
 * Match summaries are sentences the engine wrote with the names the match was started with ("Bob
 * wins with 51."). Shown later, they name players as they are now: each old name, as a whole word,
 * becomes the seat's current name. One pass, longest names first, so "Bo" never rewrites "Bob" and a
 * new name that equals another seat's old name is not rewritten twice.
 */
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function renameInText(
  text: string,
  startNames: readonly (string | undefined)[],
  currentNames: readonly (string | undefined)[],
): string {
  const map = new Map<string, string>()
  startNames.forEach((old, i) => {
    const now = currentNames[i]
    if (old && now && old !== now && !map.has(old)) map.set(old, now)
  })
  if (map.size === 0 || !text) return text
  const alternatives = [...map.keys()].sort((a, b) => b.length - a.length).map(escape)
  const re = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'gu')
  return text.replace(re, (m) => map.get(m) ?? m)
}

/** The names a match was started with, from its engine config (`names`), if any. */
export function startNamesOf(config: unknown): string[] {
  const names = (config as { names?: unknown } | null)?.names
  return Array.isArray(names) ? names.map((n) => (typeof n === 'string' ? n : '')) : []
}
