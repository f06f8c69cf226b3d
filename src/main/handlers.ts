/** One plain function per channel, over the services. No Electron here, so tests call them directly. */
import type { Handlers } from './ipc/dispatch'
import type { AppInfo } from '../shared/model/app'
import { ok } from '../shared/result'
import type { PlayerService } from './services/players'

export interface HandlerDeps {
  players: PlayerService
  appInfo: () => AppInfo
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { players } = deps
  return {
    'app:info': () => ok(deps.appInfo()),
    'players:list': (input) => players.list(input),
    'players:create': (input) => players.create(input),
    'players:rename': (input) => players.rename(input),
    'players:set-color': (input) => players.setColor(input),
    'players:set-archived': (input) => players.setArchived(input),
    'players:delete': (input) => players.delete(input),
  }
}
