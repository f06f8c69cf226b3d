/** Match summaries name players as they are now: "Bob wins …" becomes "Robert wins …" after a rename. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MatchSummary, MatchView } from '../../src/shared/model/match'
import { renameInText } from '../../src/shared/stats/names'
import { tempCore } from '../helpers/tmp'

let core: ReturnType<typeof tempCore>
async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = await core.dispatch(channel, input)
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value as T
}
beforeEach(() => {
  core = tempCore()
})
afterEach(() => core.cleanup())

describe('summaries after a rename', () => {
  it('the match list and the match name the player by their current name', async () => {
    const bob = (await call<{ id: string }>('players:create', { name: 'Bob' })).id
    const bo = (await call<{ id: string }>('players:create', { name: 'Bo' })).id
    const m = await call<{ id: string }>('matches:create', { gameId: 'seven-eight-nine', playerIds: [bob, bo] })
    await call('matches:apply', { id: m.id, action: { type: 'dealt-win', seats: [0] } })
    const before = (await call<MatchSummary[]>('matches:list', {}))[0]?.summary ?? ''
    expect(before).toMatch(/\bBob\b/)
    await call('players:rename', { id: bob, name: 'Robert' })
    const [row] = await call<MatchSummary[]>('matches:list', {})
    expect(row?.summary).toBe(before.replace(/\bBob\b/g, 'Robert'))
    expect(row?.summary).not.toMatch(/\bBob\b/)
    const view = await call<MatchView>('matches:get', { id: m.id })
    expect(view.game.message).toMatch(/\bRobert\b/)
    expect(view.game.message).not.toMatch(/\bBob\b/)
  })

  it('renameInText rewrites whole names only, in one pass', () => {
    expect(renameInText('Bob wins with 51; Bo 2nd.', ['Bob', 'Bo'], ['Robert', 'Bo'])).toBe(
      'Robert wins with 51; Bo 2nd.',
    )
    expect(renameInText('Bo beats Bob.', ['Bo', 'Bob'], ['Bob', 'Rob'])).toBe('Bob beats Rob.')
    expect(renameInText('Zoë wins.', ['Zoë'], ['Zoe'])).toBe('Zoe wins.')
    expect(renameInText('Anna wins.', ['Ann'], ['Annie'])).toBe('Anna wins.')
    expect(renameInText('A.B wins.', ['A.B'], ['AB'])).toBe('AB wins.')
  })
})
