/** Every IPC channel, as a plain list with no imports, so the preload can share it. */
export const CHANNELS = [
  'app:info',
  'app:print-pdf',
  'players:list',
  'players:create',
  'players:rename',
  'players:set-color',
  'players:set-archived',
  'players:delete',
  'players:merge-preview',
  'players:merge',
  'matches:create',
  'matches:get',
  'matches:list',
  'matches:apply',
  'matches:correct',
  'matches:undo',
  'matches:redo',
  'matches:close',
  'matches:history',
  'stats:overview',
  'stats:player',
  'stats:head-to-head',
  'stats:rating-history',
  'stats:monthly',
  'stats:match-progress',
  'backup:info',
  'backup:now',
  'backup:set-keep',
  'backup:restore',
  'transfer:export-json',
  'transfer:export-csv',
  'transfer:import',
  'upload:begin',
  'upload:chunk',
  'upload:cancel',
] as const

export type Channel = (typeof CHANNELS)[number]

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value)
}
