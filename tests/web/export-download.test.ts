/**
 * Exports as files (issue 16): transfer:export-json-file leaves the export in a private file and
 * answers a handle; the web bridge streams it once (GET /download/<handle>) to the session; the
 * desktop app's save copies it (ExportDownloads.save, the dialog injected). transfer:export-json
 * still answers { fileName, content } as before.
 */
import { request } from 'node:http'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebServer, type WebServer } from '../../src/web/server'
import { ExportDownloads } from '../../src/core/services/export-downloads'
import { exportDir } from '../../src/core/worker/ops'
import { DB_FILE_NAME } from '../../src/core/db/open'
import { tempCore, tempDir } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
let web: WebServer
let cookie: string

interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function raw(opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: web.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: { host: `127.0.0.1:${web.port}`, ...opts.headers },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end(opts.body)
  })
}

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`)
  return r.value as T
}

const exportsIn = (): string[] =>
  existsSync(exportDir(join(core.dir, DB_FILE_NAME))) ? readdirSync(exportDir(join(core.dir, DB_FILE_NAME))) : []

beforeAll(async () => {
  core = tempCore()
  const rendererDir = join(core.dir, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>')
  web = await startWebServer({ dispatch: core.dispatch, downloads: core.downloads, rendererDir })
  cookie = String((await raw({ path: `/?k=${web.token}` })).headers['set-cookie']).split(';')[0] as string
  const ana = await call<{ id: string }>('players:create', { name: 'Ana' })
  const bo = await call<{ id: string }>('players:create', { name: 'Bo "the dealer"' })
  const m = await call<{ id: string }>('matches:create', { gameId: 'seven-eight-nine', playerIds: [ana.id, bo.id] })
  await call('matches:apply', { id: m.id, action: { type: 'dealt-win', seats: [0] } })
})
afterAll(async () => {
  await web.close()
  core.cleanup()
})

describe('transfer:export-json-file and GET /download/<handle>', () => {
  it('streams the same text transfer:export-json answers, once, as an attachment, then removes the file', async () => {
    const text = await call<{ fileName: string; content: string }>('transfer:export-json', {})
    const file = await call<{ fileName: string; downloadId: string; bytes: number; eventCount: number }>(
      'transfer:export-json-file',
      {},
    )
    expect(file.downloadId).toMatch(/^[0-9a-f]{32}$/)
    expect(file.fileName).toBe(text.fileName)
    expect(file.eventCount).toBe((JSON.parse(text.content) as { events: unknown[] }).events.length)
    expect(exportsIn()).toEqual([`download-${file.downloadId}.json`])

    const got = await raw({ path: `/download/${file.downloadId}`, headers: { cookie } })
    expect(got.status).toBe(200)
    // Same events (the manifest's exportedAt is each export's own clock reading).
    const strip = (s: string) => s.replace(/"exportedAt":"[^"]+"/, '')
    expect(strip(got.body)).toBe(strip(text.content))
    expect(Buffer.byteLength(got.body)).toBe(file.bytes)
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${file.fileName}"`)
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(got.headers['cache-control']).toBe('no-store')

    // Used: not again, and its file is gone.
    const again = await raw({ path: `/download/${file.downloadId}`, headers: { cookie } })
    expect(again.status).toBe(404)
    expect(again.body).toContain('no longer available')
    await expect.poll(() => exportsIn()).toEqual([])
  })

  it('streams a CSV table (transfer:export-csv-file) as text/csv, the same bytes transfer:export-csv answers', async () => {
    const text = await call<{ fileName: string; content: string }>('transfer:export-csv', { table: 'rounds' })
    const file = await call<{ fileName: string; downloadId: string; bytes: number; rows: number }>(
      'transfer:export-csv-file',
      { table: 'rounds' },
    )
    expect(file.fileName).toBe(text.fileName)
    const got = await raw({ path: `/download/${file.downloadId}`, headers: { cookie } })
    expect(got.status).toBe(200)
    expect(got.body).toBe(text.content)
    expect(Buffer.byteLength(got.body)).toBe(file.bytes)
    expect(got.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${file.fileName}"`)
    await expect.poll(() => exportsIn()).toEqual([])
  })

  it('serves only the handle it issued, to the session, by GET (HEAD and a missing session leave it usable)', async () => {
    const file = await call<{ downloadId: string }>('transfer:export-json-file', {})
    const other = file.downloadId.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))
    expect((await raw({ path: `/download/${other}`, headers: { cookie } })).status).toBe(404)
    expect((await raw({ path: '/download/../ninekeeper.sqlite', headers: { cookie } })).status).not.toBe(200)
    expect((await raw({ path: `/download/${file.downloadId.toUpperCase()}`, headers: { cookie } })).status).toBe(404)
    expect((await raw({ path: `/download/${file.downloadId}` })).status).toBe(403)
    expect(
      (await raw({ path: `/download/${file.downloadId}`, headers: { cookie: 'ninekeeper_session_1=forged' } })).status,
    ).toBe(403)
    expect(
      (await raw({ path: `/download/${file.downloadId}`, headers: { cookie, 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(403)
    expect((await raw({ method: 'HEAD', path: `/download/${file.downloadId}`, headers: { cookie } })).status).toBe(405)
    const wrongHost = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: web.port,
          path: `/download/${file.downloadId}`,
          headers: { host: 'evil.example', cookie },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(wrongHost).toBe(421)
    // None of those used it up.
    const got = await raw({ path: `/download/${file.downloadId}`, headers: { cookie } })
    expect(got.status).toBe(200)
    expect(JSON.parse(got.body)).toMatchObject({ format: 'ninekeeper-export' })
  })

  it('the bridge listens on 127.0.0.1 only', () => {
    expect(web.url.startsWith('http://127.0.0.1:')).toBe(true)
    expect((web.server.address() as { address: string }).address).toBe('127.0.0.1')
  })
})

describe('ExportDownloads', () => {
  const made = (dir: string, name: string, text: string) => {
    const path = join(dir, name)
    writeFileSync(path, text)
    return { path, fileName: 'ninekeeper-export-2026-12-01.json', bytes: Buffer.byteLength(text) }
  }

  it('forgets a handle and removes its file when it expires', async () => {
    const t = tempDir()
    try {
      const d = new ExportDownloads(t.dir, 30)
      const id = d.add(made(t.dir, 'x.partial', '{}'))
      expect(readdirSync(t.dir)).toEqual([`download-${id}.json`])
      await new Promise((r) => setTimeout(r, 80))
      expect(d.take(id)).toBeNull()
      expect(readdirSync(t.dir)).toEqual([])
    } finally {
      t.cleanup()
    }
  })

  it('removes what an earlier run left, and everything waiting at close', () => {
    const t = tempDir()
    try {
      writeFileSync(join(t.dir, `download-${'c'.repeat(32)}.json`), '{}')
      writeFileSync(join(t.dir, 'keep-me.txt'), 'x')
      const d = new ExportDownloads(t.dir)
      expect(readdirSync(t.dir)).toEqual(['keep-me.txt'])
      d.add(made(t.dir, 'y.partial', '{}'))
      expect(d.pending).toBe(1)
      d.close()
      expect(readdirSync(t.dir)).toEqual(['keep-me.txt'])
    } finally {
      t.cleanup()
    }
  })

  it('the desktop save copies the file where the dialog says, once; a cancelled save saves nothing; the handle is used up either way', async () => {
    const t = tempDir()
    try {
      const d = new ExportDownloads(t.dir)
      const id = d.add(made(t.dir, 'z.partial', '{"events":[1,2]}'))
      const target = join(t.dir, 'chosen.json')
      const offered: string[] = []
      const r = await d.save(id, async (name) => (offered.push(name), target))
      expect(r).toEqual({ ok: true, value: { saved: target } })
      expect(offered).toEqual(['ninekeeper-export-2026-12-01.json'])
      expect(readFileSync(target, 'utf8')).toBe('{"events":[1,2]}')
      expect(readdirSync(t.dir)).toEqual(['chosen.json'])
      const twice = await d.save(id, async () => target)
      expect(twice.ok).toBe(false)
      if (!twice.ok) expect(twice.error.code).toBe('not-found')

      const id2 = d.add(made(t.dir, 'w.partial', '{}'))
      expect(await d.save(id2, async () => null)).toEqual({ ok: true, value: { saved: null } })
      expect(readdirSync(t.dir)).toEqual(['chosen.json'])
      expect(d.take(id2)).toBeNull()
    } finally {
      t.cleanup()
    }
  })

  it('outside the desktop app, transfer:save-export says so and changes nothing', async () => {
    const r = await core.dispatch('transfer:save-export', { downloadId: 'a'.repeat(32) })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.code).toBe('not-supported')
  })
})
