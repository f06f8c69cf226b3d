/**
 * Makes a real file or folder unwritable for this process, for tests of the write checks. As root
 * (which ignores permission bits) the file is made immutable with chattr +i, which the kernel refuses
 * to write even for root; otherwise its write bits are removed. Returns the undo, or null when
 * neither works here (then the test is skipped: it could not tell the protection from its absence).
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, statSync } from 'node:fs'
import { canWrite } from '../../src/core/private-files'

export function denyWrite(path: string): (() => void) | null {
  if (process.platform === 'win32') return null
  if (process.getuid?.() === 0) {
    try {
      execFileSync('chattr', ['+i', path], { stdio: 'ignore' })
    } catch {
      return null
    }
    const undo = () => execFileSync('chattr', ['-i', path], { stdio: 'ignore' })
    if (canWrite(path)) {
      undo()
      return null
    }
    return undo
  }
  const mode = statSync(path).mode & 0o777
  chmodSync(path, mode & ~0o222)
  const undo = () => chmodSync(path, mode)
  if (canWrite(path)) {
    undo()
    return null
  }
  return undo
}
