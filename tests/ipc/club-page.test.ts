/**
 * club:publish-page through the contract, on a real data file (docs/ARCHITECTURE.md § The club page):
 * the folder it writes holds every section, every link in every page points to a file it wrote, names
 * with markup, quotes and right-to-left text are escaped and isolated, nothing private is in it, the same
 * data gives the same bytes, and a bad folder is refused with a specific error that changes nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/core'
import type { Output } from '../../src/shared/ipc/contract'
import type { NightList, Season } from '../../src/shared/model/club'
import type { PlayerStats } from '../../src/shared/model/stats'
import type { ClubRecords } from '../../src/shared/model/records'
import { longDate } from '../../src/core/services/club-page/html'
import { publishClubPage } from '../../src/core/services/club-page'
import { snapshot, tempDir } from '../helpers/tmp'

type Laptop = Core & { now: number; dir: string }
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c()
})

function laptop(): Laptop {
  const t = tempDir()
  const l = { now: Date.parse('2025-12-01T12:00:00.000Z'), dir: t.dir } as Laptop
  const core = createCore({
    dataDir: t.dir,
    mode: 'web',
    version: 'test',
    clock: () => new Date((l.now += 1000)),
    log: () => {},
    autoBackup: false,
  })
  Object.assign(l, core)
  cleanups.push(() => {
    core.close()
    t.cleanup()
  })
  return l
}

async function call<T>(l: Laptop, channel: string, input: unknown): Promise<T> {
  const r = await l.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}

async function nine(l: Laptop, utc: string, players: string[], totals: number[]): Promise<string> {
  l.now = Date.parse(utc) - 1000
  const m = await call<{ id: string }>(l, 'matches:create', { gameId: 'nine', playerIds: players, utcOffset: 60 })
  await call(l, 'matches:apply', {
    id: m.id,
    action: { type: 'round', declarer: totals.indexOf(Math.min(...totals)), totals },
  })
  await call(l, 'matches:close', { id: m.id, status: 'finished' })
  return m.id
}

const SCRIPT = '<script>alert(1)</script>'
const QUOTES = `Bo & "Co" O'Neil`
/** Hebrew with a right-to-left mark: allowed in a name, and it must not reorder the numbers beside it. */
const RTL = 'עדי\u200f 9'

/** A club: four players (three with awkward names), two seasons (one archived), two nights with a venue. */
async function club(): Promise<{ l: Laptop; ids: string[]; matchIds: string[]; seasons: Season[] }> {
  const l = laptop()
  const ids: string[] = []
  for (const name of ['Ana', SCRIPT, QUOTES, RTL])
    ids.push((await call<{ id: string }>(l, 'players:create', { name })).id)
  const [ana, s, q, r] = ids as [string, string, string, string]
  const matchIds = [
    await nine(l, '2026-01-09T19:00:00.000Z', [ana, s, q], [1, 5, 9]),
    await nine(l, '2026-01-09T20:00:00.000Z', [s, r], [2, 7]),
    await nine(l, '2026-03-06T19:00:00.000Z', [ana, s, q, r], [4, 3, 2, 1]),
    await nine(l, '2026-03-06T21:30:00.000Z', [q, ana], [6, 8]),
  ]
  await call(l, 'nights:set-venue', { date: '2026-03-06', venue: 'The <b>Crown</b> & "Anchor"' })
  const scheme = { kind: 'result', win: 3, draw: 1, loss: 0 }
  const winter = await call<Season>(l, 'seasons:create', {
    name: 'Winter <i>cup</i>',
    startDate: '2026-01-01',
    endDate: '2026-01-31',
    gameIds: null,
    playerIds: null,
    scheme,
  })
  await call(l, 'seasons:set-archived', { id: winter.id, archived: true })
  const spring = await call<Season>(l, 'seasons:create', {
    name: 'Spring league',
    startDate: '2026-03-01',
    endDate: '2026-05-31',
    gameIds: ['nine'],
    playerIds: null,
    scheme,
  })
  return { l, ids, matchIds, seasons: [winter, spring] }
}

/** Every file under `dir`, relative with `/`, to its text. */
function readTree(dir: string, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${prefix}${e.name}`
    if (e.isDirectory()) for (const [k, v] of readTree(join(dir, e.name), `${rel}/`)) out.set(k, v)
    else out.set(rel, readFileSync(join(dir, e.name), 'utf8'))
  }
  return out
}

async function publish(l: Laptop, title?: string): Promise<{ folder: string; report: Output<'club:publish-page'> }> {
  const parent = tempDir('ninekeeper-club-page-')
  cleanups.push(parent.cleanup)
  const folder = join(parent.dir, 'club')
  const report = await call<Output<'club:publish-page'>>(l, 'club:publish-page', {
    folder,
    ...(title === undefined ? {} : { title }),
  })
  return { folder, report }
}

describe('club:publish-page', () => {
  it('writes every section, and every link in every page opens a file it wrote (and the place in it)', async () => {
    const { l, ids } = await club()
    const { folder, report } = await publish(l, 'The Nine Club')
    const files = readTree(folder)
    const pages = [...files.keys()].filter((f) => f.endsWith('.html'))
    expect(report).toMatchObject({ folder, pages: pages.length, files: files.size, replaced: false })
    expect(report.bytes).toBe(
      [...files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0) -
        Buffer.byteLength(files.get('.ninekeeper-club-page') ?? ''),
    )
    for (const f of [
      'index.html',
      'style.css',
      'archive.html',
      'players.html',
      'nights.html',
      'records.html',
      'nights/2026.html',
    ])
      expect(files.has(f), f).toBe(true)
    // A page per season and per player with a finished match.
    expect(pages.filter((p) => p.startsWith('seasons/'))).toHaveLength(2)
    expect(pages.filter((p) => p.startsWith('players/'))).toHaveLength(4)
    let links = 0
    for (const page of pages) {
      const html = files.get(page) as string
      expect(html).not.toMatch(/<script|javascript:|\son[a-z]+=/i)
      for (const [, href] of html.matchAll(/\shref="([^"]*)"/g)) {
        links++
        expect(href, `${page}: ${href}`).not.toMatch(/^(\/|[a-z]+:)/i)
        const [path, fragment] = (href as string).split('#') as [string, string | undefined]
        const target = posix.normalize(posix.join(posix.dirname(page), path))
        expect(files.has(target), `${page} links to ${href}, which is not there`).toBe(true)
        if (fragment) expect(files.get(target), `${page}: #${fragment}`).toContain(`id="${fragment}"`)
      }
    }
    expect(links).toBeGreaterThan(50)
    // The front page: the club's name, the open season's table; the archive: the archived one.
    expect(files.get('index.html')).toContain('The Nine Club')
    expect(files.get('index.html')).toContain('Spring league')
    expect(files.get('archive.html')).toContain('Winter &lt;i&gt;cup&lt;/i&gt;')
    // A player's recent matches are their profile's form (stats:player), newest first.
    const ana = await call<PlayerStats>(l, 'stats:player', { playerId: ids[0] })
    const recent = (files.get('players/ana.html') as string).split('<caption>Last finished matches</caption>')[1] ?? ''
    const dates = [...recent.matchAll(/<tr><td>([^<]+)<\/td><td>Nine<\/td><td>(\d)\w\w of (\d)<\/td>/g)].map((m) =>
      m.slice(1),
    )
    expect(dates).toEqual(ana.profile?.form.map((f) => [longDate(f.localDate), String(f.placement), String(f.seats)]))
    expect(dates).toHaveLength(3)
    // The records service's sections (records:get), its newest year's review among them.
    const service = await call<ClubRecords>(l, 'records:get', { year: 2026 })
    const records = files.get('records.html') as string
    expect(service.margins.length).toBeGreaterThan(0)
    for (const m of service.margins) expect(records).toContain(`${m.winnerScore} to ${m.runnerUpScore} (lower wins)`)
    for (const title of [
      'Most wins',
      'Champions of each game',
      'Longest runs of wins',
      'Most-played pairings',
      '2026 in review',
    ])
      expect(records, title).toContain(`<h2>${title}</h2>`)
    // The nights, a year at a time, are every night nights:list knows, newest first.
    const listed = await call<NightList>(l, 'nights:list', { limit: 500 })
    const onPages = [...(files.get('nights/2026.html') as string).matchAll(/<h2 id="(\d{4}-\d\d-\d\d)">/g)].map(
      (m) => m[1],
    )
    expect(onPages).toEqual(listed.nights.map((n) => n.date))
    expect(onPages).toEqual(['2026-03-06', '2026-01-09'])
  })

  it('escapes every name and isolates its direction', async () => {
    const { l } = await club()
    const { folder } = await publish(l, 'A & <B>')
    const files = readTree(folder)
    const all = [...files.values()].join('\n')
    expect(all).not.toContain(SCRIPT)
    expect(all).not.toContain('<b>Crown')
    expect(all).not.toContain('<i>cup')
    expect(all).toContain('<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>')
    expect(all).toContain('<bdi>Bo &amp; &quot;Co&quot; O&#39;Neil</bdi>')
    expect(all).toContain(`<bdi>${RTL}</bdi>`)
    expect(all).toContain('<bdi>The &lt;b&gt;Crown&lt;/b&gt; &amp; &quot;Anchor&quot;</bdi>')
    expect(files.get('index.html')).toContain('<title>League tables · A &amp; &lt;B&gt;</title>')
    // Outside <bdi>, a name never shows unescaped or unisolated: every occurrence of it is inside one.
    for (const [page, html] of files) {
      if (!page.endsWith('.html')) continue
      const bare = html.replace(/<bdi>[^<]*<\/bdi>/g, '').replace(/<title>.*<\/title>/, '')
      expect(bare, page).not.toContain(RTL)
      expect(bare, page).not.toContain('&lt;script&gt;')
    }
  })

  it('holds nothing private: no ids, no device, no club code or key, no paths', async () => {
    const { l, ids, matchIds, seasons } = await club()
    // A club setting as club sync keeps it (its code key and hub), in the same data file.
    l.db.prepare("INSERT INTO meta (key, value) VALUES ('club', ?)").run(
      JSON.stringify({
        clubId: '0190f5c2-aaaa-7bbb-8ccc-1234567890ab',
        key: 'c2VjcmV0LWNsdWIta2V5LXNlY3JldA',
        hubUrl: 'http://10.0.0.7:8800',
        name: 'Nine Club',
        joinedAt: '2026-01-01T00:00:00.000Z',
      }),
    )
    const { folder } = await publish(l)
    const all = [...readTree(folder).values()].join('\n')
    const devices = l.db.prepare('SELECT DISTINCT device_id FROM events').pluck().all() as string[]
    const eventIds = l.db.prepare('SELECT id FROM events').pluck().all() as string[]
    expect(devices.length).toBeGreaterThan(0)
    for (const secret of [
      ...devices,
      ...eventIds,
      ...ids,
      ...matchIds,
      ...seasons.map((s) => s.id),
      'c2VjcmV0LWNsdWIta2V5LXNlY3JldA',
      '10.0.0.7',
      '0190f5c2-aaaa',
      l.dir,
      'sqlite',
    ])
      expect(all, secret).not.toContain(secret)
    // No id of any kind, nor a colour or an absolute path.
    expect(all).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)
    expect(all).not.toMatch(/(src|href)="\//)
  })

  it('gives the same bytes for the same data, whatever the clock says', async () => {
    const { l } = await club()
    const first = readTree((await publish(l, 'Club')).folder)
    l.now = Date.parse('2031-07-01T00:00:00.000Z')
    const second = readTree((await publish(l, 'Club')).folder)
    expect([...second]).toEqual([...first])
    expect(first.get('index.html')).toContain('Results up to Fri 6 Mar 2026.')
  })

  it('answers other calls while it publishes (the worker pauses between the parts of its read)', async () => {
    const { l } = await club()
    await call(l, 'stats:overview', {})
    const parent = tempDir('ninekeeper-club-page-')
    cleanups.push(parent.cleanup)
    const order: string[] = []
    const publishing = l.dispatch('club:publish-page', { folder: join(parent.dir, 'club') }).then((r) => {
      order.push('publish')
      return r
    })
    const overview = l.dispatch('stats:overview', {}).then((r) => {
      order.push('overview')
      return r
    })
    expect((await publishing).ok && (await overview).ok).toBe(true)
    expect(order).toEqual(['overview', 'publish'])
  })

  it('checks the folder again before it puts the page in place: a file added meanwhile is kept and the write refused', async () => {
    const { l } = await club()
    const parent = tempDir('ninekeeper-club-page-')
    cleanups.push(parent.cleanup)
    const folder = join(parent.dir, 'club')
    expect((await publishClubPage(l.db, folder, 'Club')).ok).toBe(true)
    const before = readTree(folder)
    let added = false
    const r = await publishClubPage(l.db, folder, 'Club', {
      pause: async () => {
        if (!added) writeFileSync(join(folder, 'photo.jpg'), 'the club at the Crown')
        added = true
      },
    })
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'invalid-folder', message: expect.stringMatching(/photo\.jpg/) },
    })
    const after = readTree(folder)
    expect(after.get('photo.jpg')).toBe('the club at the Crown')
    after.delete('photo.jpg')
    expect(after).toEqual(before)
    expect(readdirSync(parent.dir)).toEqual(['club'])
  })

  it('refuses a bad folder with a specific error and changes nothing', async () => {
    const { l } = await club()
    const parent = tempDir('ninekeeper-club-page-')
    cleanups.push(parent.cleanup)
    const busy = join(parent.dir, 'photos')
    mkdirSync(busy)
    writeFileSync(join(busy, 'cat.jpg'), 'meow')
    const file = join(parent.dir, 'notes.txt')
    writeFileSync(file, 'x')
    const cases: [string, RegExp][] = [
      ['club-page', /full path/],
      [join(parent.dir, 'missing', 'club'), /does not exist/],
      [file, /is a file, not a folder/],
      [busy, /is not empty and is not a club page/],
    ]
    for (const [folder, message] of cases) {
      const before = { db: snapshot(l.db), files: readTree(parent.dir) }
      const r = await l.dispatch('club:publish-page', { folder })
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid-folder', field: 'folder' } })
      if (!r.ok) expect(r.error.message).toMatch(message)
      expect({ db: snapshot(l.db), files: readTree(parent.dir) }).toEqual(before)
    }
    expect(existsSync(join(dirname(busy), '.photos.club-page-new'))).toBe(false)
  })
})
