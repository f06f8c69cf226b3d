/**
 * A tursodb left running by a hub whose app was killed (docs/SYNC.md § Hosting the hub from the app).
 * Quitting the app or Stop ends tursodb; a killed app (SIGKILL, a crash, a power button) cannot, and its
 * tursodb keeps holding the hub's folder with nobody in front of it. Each hub writes tursodb's pid in
 * its folder (`tursodb.pid`, owner-only) and removes it when tursodb ends; the next start ends the one
 * the file names, but only after checking that the process is a tursodb over this very folder's
 * club.db: a pid the system has since given to another program is left alone.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

export const PID_FILE = 'tursodb.pid'

interface PidRecord {
  pid: number
  file: string
}

/** Notes that `pid` is tursodb over `file` (the hub's club.db), in the hub's folder `dir`. */
export function recordTursoPid(dir: string, pid: number, file: string): void {
  writeFileSync(join(dir, PID_FILE), JSON.stringify({ pid, file } satisfies PidRecord), { mode: 0o600 })
}

/** Forgets `pid` once it has ended, unless the file already names a later tursodb. */
export function forgetTursoPid(dir: string, pid: number): void {
  if (readRecord(dir)?.pid === pid) rmSync(join(dir, PID_FILE), { force: true })
}

function readRecord(dir: string): PidRecord | null {
  try {
    const r = JSON.parse(readFileSync(join(dir, PID_FILE), 'utf8')) as Partial<PidRecord> | null
    return r && Number.isSafeInteger(r.pid) && (r.pid as number) > 1 && typeof r.file === 'string'
      ? { pid: r.pid as number, file: r.file }
      : null
  } catch {
    return null
  }
}

/**
 * Whether `pid` is a live process. On Linux a zombie (ended, not yet reaped: a container whose first
 * process does not reap the orphans it inherits) is not.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
  if (process.platform !== 'linux') return true
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // pid (comm) state …: the state follows the last ')' (comm may hold one).
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z'
  } catch {
    return false
  }
}

/** The words `pid` was started with, as the system shows them, or null when they cannot be read. */
function commandOf(pid: number): string[] | null {
  try {
    if (process.platform === 'linux') {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
      return args.length > 0 ? args : null
    }
    if (process.platform === 'darwin') {
      const line = execFileSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' }).trim()
      return line ? [line] : null
    }
    if (process.platform === 'win32') {
      const line = execFileSync('tasklist', ['/FI', `PID eq ${pid}`, '/FO', 'CSV', '/NH'], { encoding: 'utf8' })
      return line.includes(`"${pid}"`) ? [line] : null
    }
  } catch {
    // Ended meanwhile, or no tool to ask: treated as not ours.
  }
  return null
}

/** Whether `pid` is tursodb serving `file` (on Windows, where the arguments are not shown: tursodb at all). */
function isTursoOver(pid: number, file: string): boolean {
  const words = commandOf(pid)
  if (!words) return false
  if (process.platform === 'linux') return basename(words[0] ?? '').startsWith('tursodb') && words.includes(file)
  const line = words.join(' ')
  return process.platform === 'win32'
    ? /"tursodb(\.exe)?"/i.test(line)
    : line.includes('tursodb') && line.includes(file)
}

async function ended(pid: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs
  while (isAlive(pid)) {
    if (Date.now() > until) return false
    await new Promise((r) => setTimeout(r, 50))
  }
  return true
}

/**
 * Ends the tursodb a killed app left over `file` in `dir` (SIGTERM, then SIGKILL after `graceMs`), if
 * the folder's pid file names one that is still running; resolves with its pid, or null when there was
 * none (no file, a process that has ended, or one that is not tursodb over this file: left alone).
 */
export async function endLeftoverTurso(dir: string, file: string, graceMs: number): Promise<number | null> {
  const r = readRecord(dir)
  if (!r || r.file !== file || !isAlive(r.pid) || !isTursoOver(r.pid, file)) {
    rmSync(join(dir, PID_FILE), { force: true })
    return null
  }
  try {
    process.kill(r.pid, 'SIGTERM')
    if (!(await ended(r.pid, graceMs))) {
      process.kill(r.pid, 'SIGKILL')
      await ended(r.pid, 2000)
    }
  } catch {
    // It ended on its own meanwhile.
  }
  rmSync(join(dir, PID_FILE), { force: true })
  return r.pid
}
