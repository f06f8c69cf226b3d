/** Small checks of club sync: the hub address, a locked data file, an error message for a status line. */
import { err, ok, type Result } from '../../shared/result'

export function checkUrl(raw: string): Result<string> {
  const text = raw.trim()
  let u: URL
  try {
    u = new URL(text)
  } catch {
    return err(
      'invalid-hub-url',
      'The hub address must look like http://192.168.1.20:8800 (or a Turso Cloud libsql:// address).',
      'hubUrl',
    )
  }
  if (!['http:', 'https:', 'libsql:'].includes(u.protocol))
    return err('invalid-hub-url', 'The hub address must start with http://, https:// or libsql://.', 'hubUrl')
  if (u.username || u.password)
    return err('invalid-hub-url', 'Put the Turso Cloud token in the token field, not in the address.', 'hubUrl')
  return ok(text.replace(/\/+$/, ''))
}

export function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code
  return (
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) ||
    /database is locked/i.test((e as Error)?.message ?? '')
  )
}

export function short(m: string): string {
  const one = m.split('\n')[0] ?? m
  return one.length > 160 ? `${one.slice(0, 160)}…` : one
}
