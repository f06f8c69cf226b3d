/**
 * Issue 11, finding 3: a data file or folder Ninekeeper cannot write is refused at start, with a
 * clear message and exit code 1 from `npm run web`, instead of starting and failing every save.
 * As root (CI containers) permissions do not bind, so the bridge runs as the unprivileged user
 * `nobody` against root-owned files; as any other user, the files are made read-only.
 */
import Database from 'better-sqlite3'
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/core/db/open'
import { tempDir } from '../helpers/tmp'

const ROOT = resolve(__dirname, '../..')
const AS_ROOT = process.getuid?.() === 0
const NOBODY = 65534
/** As root, the check needs `nobody` to be able to run this checkout (not so under a 0700 home). */
const RUNNABLE =
  !AS_ROOT ||
  spawnSync(
    process.execPath,
    ['-e', `require('fs').accessSync(${JSON.stringify(join(ROOT, 'node_modules/tsx/package.json'))})`],
    { uid: NOBODY, gid: NOBODY },
  ).status === 0
if (!RUNNABLE) console.warn(`read-only test skipped: user nobody cannot read ${ROOT}`)

function runBridge(dataDir: string): Promise<{ code: number | null; out: string; err: string; ms: number }> {
  return new Promise((done) => {
    const t0 = Date.now()
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'src/web/cli.ts'), '--port', '0', '--data-dir', dataDir],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, HOME: '/tmp', TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json') },
        ...(AS_ROOT ? { uid: NOBODY, gid: NOBODY } : {}),
      },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      // Started after all: stop it, the test then fails on the exit code.
      if (out.includes('running at')) child.kill('SIGTERM')
    })
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      done({ code, out, err, ms: Date.now() - t0 })
    })
  })
}

describe.runIf(process.platform !== 'win32' && RUNNABLE)('npm run web with a data file it cannot write', () => {
  const { dir, cleanup } = tempDir('ninekeeper-ro-')
  afterAll(() => {
    chmodSync(dir, 0o700)
    cleanup()
  })
  // The temp folder itself must be reachable by the other user.
  chmodSync(dir, 0o755)

  function seeded(name: string): string {
    const data = join(dir, name)
    mkdirSync(data)
    const { db } = openDatabase(join(data, 'ninekeeper.sqlite'))
    db.prepare("INSERT INTO meta (key, value) VALUES ('seed', 'kept')").run()
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
    return data
  }

  it('refuses a read-only data file, exit code 1, the file untouched', { timeout: 30_000 }, async () => {
    const data = seeded('file')
    // Others may enter and create files in the folder, but the data file is not theirs to write.
    chmodSync(data, AS_ROOT ? 0o777 : 0o755)
    chmodSync(join(data, 'ninekeeper.sqlite'), AS_ROOT ? 0o644 : 0o444)
    const before = readFileSync(join(data, 'ninekeeper.sqlite'))
    const r = await runBridge(data)
    expect(r.code, r.out + r.err).toBe(1)
    expect(r.err).toMatch(/cannot write to .*ninekeeper\.sqlite/)
    expect(r.err).toMatch(/--data-dir/)
    expect(r.out).not.toMatch(/running at/)
    expect(readFileSync(join(data, 'ninekeeper.sqlite')).equals(before)).toBe(true)
    const db = new Database(join(data, 'ninekeeper.sqlite'), { readonly: true })
    expect(db.prepare("SELECT value FROM meta WHERE key = 'seed'").pluck().get()).toBe('kept')
    db.close()
  })

  it('refuses a read-only data folder, exit code 1', { timeout: 30_000 }, async () => {
    const data = seeded('folder')
    chmodSync(join(data, 'ninekeeper.sqlite'), 0o644)
    chmodSync(data, 0o555)
    const r = await runBridge(data)
    chmodSync(data, 0o700)
    expect(r.code, r.out + r.err).toBe(1)
    expect(r.err).toMatch(/cannot write to/)
    expect(r.out).not.toMatch(/running at/)
  })
})
