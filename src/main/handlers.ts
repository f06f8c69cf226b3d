/** One plain function per channel, over the services. No Electron here, so tests call them directly. */
import type { Handlers } from './ipc/dispatch'
import type { AppInfo } from '../shared/model/app'
import { ok } from '../shared/result'
import type { PlayerService } from './services/players'
import type { MatchService } from './services/matches'

export interface HandlerDeps {
  players: PlayerService
  matches: MatchService
  appInfo: () => AppInfo
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { players, matches } = deps
  return {
    'app:info': () => ok(deps.appInfo()),
    'players:list': (input) => players.list(input),
    'players:create': (input) => players.create(input),
    'players:rename': (input) => players.rename(input),
    'players:set-color': (input) => players.setColor(input),
    'players:set-archived': (input) => players.setArchived(input),
    'players:delete': (input) => players.delete(input),
    'matches:create': (input) => matches.create(input),
    'matches:get': (input) => matches.get(input.id),
    'matches:list': (input) => matches.list({ ...input, limit: input.limit ?? 200, offset: input.offset ?? 0 }),
    'matches:apply': (input) => matches.apply(input.id, input.action),
    'matches:correct': (input) => matches.correct(input.id, input.eventId, input.action),
    'matches:undo': (input) => matches.undo(input.id),
    'matches:close': (input) => matches.close(input.id, input.status),
    'matches:history': (input) => matches.history(input.id),
  }
}
