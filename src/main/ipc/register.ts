/**
 * The only importer of ipcMain: sender check, then the shared dispatcher (schema parse -> handler). The
 * channels only the shell answers (`runs: 'edge'`) go the same way: their handlers were given to the core
 * (src/main/index.ts), and the IPC event is passed along for them as the caller.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { CHANNELS } from '../../shared/ipc/channels'
import { err } from '../../shared/result'
import type { Dispatch } from '../../core/ipc/dispatch'

export type SenderFrame = { url: string; parent: unknown } | null | undefined

export function registerIpc(
  dispatch: Dispatch<IpcMainInvokeEvent>,
  isTrusted: (frame: SenderFrame) => boolean,
): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, payload: unknown) => {
      if (!isTrusted(event.senderFrame as SenderFrame)) {
        return err('forbidden-sender', 'This request did not come from the Ninekeeper window and was refused.')
      }
      return dispatch(channel, payload, event)
    })
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel)
  }
}
