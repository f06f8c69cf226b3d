/**
 * Where the club page may be written and how it is put in place (src/core/services/club-page/folder.ts):
 * a new or empty folder, or a club page written before and nothing else; a replacement written whole
 * beside the folder first, so a kill at any step leaves the old page or the new one, and the next
 * publish puts a page a kill left beside the folder back first.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MARKER, writeClubFolder, type PublishStep } from '../../../src/core/services/club-page/folder'
import { tempDir } from '../../helpers/tmp'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function parent(): string {
  const t = tempDir('ninekeeper-club-folder-')
  cleanups.push(t.cleanup)
  return t.dir
}

const OLD = new Map([
  ['index.html', 'old front page'],
  ['players/ana.html', 'old Ana'],
  ['style.css', 'old style'],
])
const NEW = new Map([
  ['index.html', 'new front page'],
  ['players/bo.html', 'new Bo'],
  ['seasons/spring.html', 'new Spring'],
  ['style.css', 'new style'],
])

/** Every file under `dir` but the marker, relative with `/`, to its text. */
function tree(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${prefix}${e.name}`
    if (e.isDirectory()) Object.assign(out, tree(join(dir, e.name), `${rel}/`))
    else if (rel !== MARKER) out[rel] = readFileSync(join(dir, e.name), 'utf8')
  }
  return out
}
const asRecord = (m: ReadonlyMap<string, string>): Record<string, string> => Object.fromEntries(m)

/** What a kill after `step` leaves: the write stops there, nothing after it runs. */
class Killed extends Error {}
const killAfter =
  (at: PublishStep) =>
  (step: PublishStep): void => {
    if (step === at) throw new Killed(step)
  }

describe('the club page folder', () => {
  it('is written into a new folder, and into an empty one', () => {
    const p = parent()
    const made = writeClubFolder(join(p, 'club'), () => NEW)
    expect(made).toMatchObject({ ok: true, value: { folder: join(p, 'club'), replaced: false } })
    expect(tree(join(p, 'club'))).toEqual(asRecord(NEW))
    mkdirSync(join(p, 'empty'))
    expect(writeClubFolder(join(p, 'empty'), () => NEW)).toMatchObject({ ok: true, value: { replaced: false } })
    expect(tree(join(p, 'empty'))).toEqual(asRecord(NEW))
    // Nothing is left beside them.
    expect(readdirSync(p).sort()).toEqual(['club', 'empty'])
  })

  it('replaces a club page written before, whole (files it no longer has go)', () => {
    const p = parent()
    const folder = join(p, 'club')
    writeClubFolder(folder, () => OLD)
    const r = writeClubFolder(folder, () => NEW)
    expect(r).toMatchObject({ ok: true, value: { replaced: true } })
    expect(tree(folder)).toEqual(asRecord(NEW))
    expect(readdirSync(p)).toEqual(['club'])
  })

  it('refuses a folder that is not empty and not a club page, or a club page holding files it did not write, changing nothing', () => {
    const p = parent()
    const mine = join(p, 'holiday')
    mkdirSync(mine)
    writeFileSync(join(mine, 'beach.jpg'), 'sand')
    const page = join(p, 'club')
    writeClubFolder(page, () => OLD)
    writeFileSync(join(page, 'players', 'logo.png'), 'png')
    // A marker that is not ours does not make a folder a club page.
    const fake = join(p, 'fake')
    mkdirSync(fake)
    writeFileSync(join(fake, MARKER), 'something else\nFiles:\nindex.html\n')
    writeFileSync(join(fake, 'index.html'), 'mine')
    const before = { holiday: tree(mine), club: tree(page), fake: tree(fake), list: readdirSync(p).sort() }
    let made = 0
    const make = (): Map<string, string> => (made++, NEW)
    expect(writeClubFolder(mine, make)).toMatchObject({
      ok: false,
      error: { code: 'invalid-folder', message: expect.stringMatching(/holiday is not empty and is not a club page/) },
    })
    expect(writeClubFolder(page, make)).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-folder',
        message: expect.stringMatching(/holds files the club page did not write \(players\/logo\.png\)/),
      },
    })
    expect(writeClubFolder(fake, make)).toMatchObject({ ok: false, error: { code: 'invalid-folder' } })
    expect({ holiday: tree(mine), club: tree(page), fake: tree(fake), list: readdirSync(p).sort() }).toEqual(before)
    // The pages are not even made for a folder that is refused.
    expect(made).toBe(0)
  })

  it('refuses a relative path, a missing parent, a file and a link', () => {
    const p = parent()
    writeFileSync(join(p, 'file'), 'x')
    mkdirSync(join(p, 'real'))
    symlinkSync(join(p, 'real'), join(p, 'link'))
    const message = (target: string): string => {
      const r = writeClubFolder(target, () => NEW)
      return r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`
    }
    expect(message('club')).toMatch(/^invalid-folder: Give the folder's full path/)
    expect(message(join(p, 'nowhere', 'club'))).toMatch(/^invalid-folder: The folder .*nowhere does not exist/)
    expect(message(join(p, 'file'))).toMatch(/^invalid-folder: .*file is a file, not a folder/)
    expect(message(join(p, 'link'))).toMatch(/^invalid-folder: .*link is a link/)
    expect(message('/')).toMatch(/^invalid-folder: Choose a folder inside a drive/)
    expect(readdirSync(p).sort()).toEqual(['file', 'link', 'real'])
    expect(readdirSync(join(p, 'real'))).toEqual([])
  })

  it('killed while writing, leaves the old page in place; the next publish clears what was half made', () => {
    const p = parent()
    const folder = join(p, 'club')
    writeClubFolder(folder, () => OLD)
    expect(() => writeClubFolder(folder, () => NEW, killAfter('written'))).toThrow(Killed)
    expect(tree(folder)).toEqual(asRecord(OLD))
    expect(writeClubFolder(folder, () => NEW)).toMatchObject({ ok: true, value: { replaced: true } })
    expect(tree(folder)).toEqual(asRecord(NEW))
    expect(readdirSync(p)).toEqual(['club'])
  })

  it('killed between the two renames, leaves the old page whole beside the folder, and the next publish puts it back first', () => {
    const p = parent()
    const folder = join(p, 'club')
    writeClubFolder(folder, () => OLD)
    expect(() => writeClubFolder(folder, () => NEW, killAfter('old-moved'))).toThrow(Killed)
    expect(existsSync(folder)).toBe(false)
    expect(tree(join(p, '.club.club-page-old'))).toEqual(asRecord(OLD))
    expect(tree(join(p, '.club.club-page-new'))).toEqual(asRecord(NEW))
    // The next publish, itself killed once written: the old page is back in the folder by then.
    expect(() => writeClubFolder(folder, () => NEW, killAfter('written'))).toThrow(Killed)
    expect(tree(folder)).toEqual(asRecord(OLD))
    expect(writeClubFolder(folder, () => NEW)).toMatchObject({ ok: true, value: { replaced: true } })
    expect(tree(folder)).toEqual(asRecord(NEW))
    expect(readdirSync(p)).toEqual(['club'])
  })

  it('killed after the new page is in place, shows the new page; the old one is cleared next time', () => {
    const p = parent()
    const folder = join(p, 'club')
    writeClubFolder(folder, () => OLD)
    expect(() => writeClubFolder(folder, () => NEW, killAfter('new-moved'))).toThrow(Killed)
    expect(tree(folder)).toEqual(asRecord(NEW))
    expect(writeClubFolder(folder, () => NEW)).toMatchObject({ ok: true })
    expect(readdirSync(p)).toEqual(['club'])
  })

  it('refuses when something not its own is where it keeps the old or new page, changing nothing', () => {
    const p = parent()
    const folder = join(p, 'club')
    writeClubFolder(folder, () => OLD)
    mkdirSync(join(p, '.club.club-page-old'))
    writeFileSync(join(p, '.club.club-page-old', 'mine.txt'), 'keep')
    const r = writeClubFolder(folder, () => NEW)
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'invalid-folder', message: expect.stringMatching(/is in the way/) },
    })
    expect(tree(folder)).toEqual(asRecord(OLD))
    expect(tree(join(p, '.club.club-page-old'))).toEqual({ 'mine.txt': 'keep' })
  })
})
