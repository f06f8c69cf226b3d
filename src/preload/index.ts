/**
 * The renderer's only door to main: one invoke function limited to the contract's channels, and the
 * change notes (docs/ARCHITECTURE.md § Change events) as plain data. It never exposes ipcRenderer or an
 * IpcRendererEvent.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { isChannel } from '../shared/ipc/channels'
import { CHANGE_MESSAGE, type ChangeNote } from '../shared/model/changes'

const bridge = {
  invoke(channel: string, input: unknown): Promise<unknown> {
    if (!isChannel(channel)) return Promise.reject(new Error(`Unknown channel ${channel}`))
    return ipcRenderer.invoke(channel, input)
  },
  /** Calls `listener` with each change note (the note only); the function returned stops it. */
  onChanged(listener: (note: ChangeNote) => void): () => void {
    const forward = (_event: IpcRendererEvent, note: ChangeNote): void => listener(note)
    ipcRenderer.on(CHANGE_MESSAGE, forward)
    return () => {
      ipcRenderer.removeListener(CHANGE_MESSAGE, forward)
    }
  },
}

contextBridge.exposeInMainWorld('ninekeeper', bridge)

export type NinekeeperBridge = typeof bridge
