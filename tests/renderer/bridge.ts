/**
 * The renderer's state classes reach the main process only through lib/api.ts, which calls
 * `window.ninekeeper.invoke` when the Electron preload has set it. Here that bridge is a real core (the
 * real dispatcher, handlers and a real SQLite file in a temporary folder); each answer is serialised
 * and parsed as it would be over IPC or HTTP. Nothing of lib/api.ts is mocked.
 */
import type { Player } from '../../src/shared/model/player'
import { tempCore } from '../helpers/tmp'

type Bridged = { window?: { ninekeeper?: { invoke(channel: string, input: unknown): Promise<unknown> } } }

export function bridgedCore(): {
  core: ReturnType<typeof tempCore>
  /** A call straight to the core (set-up, or a change made "in another window"); throws on a refusal. */
  direct: <T>(channel: string, input: unknown) => Promise<T>
  player: (name: string) => Promise<Player>
  cleanup: () => void
} {
  const core = tempCore()
  const g = globalThis as unknown as Bridged
  const before = g.window
  g.window = {
    ninekeeper: {
      invoke: async (channel, input) => JSON.parse(JSON.stringify(await core.dispatch(channel, input))) as unknown,
    },
  }
  const direct = async <T>(channel: string, input: unknown): Promise<T> => {
    const r = await core.dispatch(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`)
    return r.value as T
  }
  return {
    core,
    direct,
    player: (name) => direct<Player>('players:create', { name }),
    cleanup: () => {
      g.window = before
      core.cleanup()
    },
  }
}
