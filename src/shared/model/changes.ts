/**
 * A change note (docs/ARCHITECTURE.md § Change events): the event log grew. It carries no data; a
 * screen that shows live data asks again through the contract. `seq` counts the notes since the core
 * started; `cause` says how the events came: `call` (a channel call here: an entry, an import),
 * `table` (a phone at a table), `sync` (merged from other laptops by club sync).
 */
export type ChangeCause = 'call' | 'table' | 'sync'

export interface ChangeNote {
  seq: number
  cause: ChangeCause
  at: string
}

/** The Electron IPC message the desktop window receives a note on (main → renderer only). */
export const CHANGE_MESSAGE = 'core:changed'
