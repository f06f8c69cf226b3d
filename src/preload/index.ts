/**
 * The renderer's only door to main: one invoke function limited to the contract's channels.
 * It never exposes ipcRenderer or an IpcRendererEvent.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { isChannel } from '../shared/ipc/channels'

const bridge = {
  invoke(channel: string, input: unknown): Promise<unknown> {
    if (!isChannel(channel)) return Promise.reject(new Error(`Unknown channel ${channel}`))
    return ipcRenderer.invoke(channel, input)
  },
}

contextBridge.exposeInMainWorld('ninekeeper', bridge)

export type NinekeeperBridge = typeof bridge
