/**
 * Issue 11, finding 8: a write the disk has no room for (SQLITE_FULL, made real here by capping the
 * file's page count) answers 'disk-full' with a plain sentence, and changes nothing.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { snapshot, tempCore } from '../helpers/tmp'

const core = tempCore()
afterAll(() => core.cleanup())

describe('a full disk', () => {
  it("says 'The disk is full. Nothing was saved.' and keeps the data as it was", async () => {
    const pages = core.db.pragma('page_count', { simple: true }) as number
    core.db.pragma(`max_page_count = ${pages + 2}`)
    let refused: { ok: boolean; error?: { code: string; message: string } } | undefined
    let before = snapshot(core.db)
    for (let i = 0; i < 5_000 && !refused; i++) {
      before = snapshot(core.db)
      const r = await core.dispatch('players:create', { name: `Player ${i} ${'x'.repeat(20)}` })
      if (!r.ok) refused = r
    }
    expect(refused).toEqual({
      ok: false,
      error: { code: 'disk-full', message: 'The disk is full. Nothing was saved.' },
    })
    expect(snapshot(core.db)).toEqual(before)
    // Room again: the next save works.
    core.db.pragma('max_page_count = 1073741823')
    expect((await core.dispatch('players:create', { name: 'After' })).ok).toBe(true)
  })
})
