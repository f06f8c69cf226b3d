/** The only importer of ipcMain: sender check, then the shared dispatcher (schema parse -> handler). */
import { ipcMain } from 'electron'
import { CHANNELS } from '../../shared/ipc/channels'
import { err } from '../../shared/result'
import type { Dispatch } from './dispatch'

export type SenderFrame = { url: string; parent: unknown } | null | undefined

export function registerIpc(dispatch: Dispatch, isTrusted: (frame: SenderFrame) => boolean): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, payload: unknown) => {
      if (!isTrusted(event.senderFrame as SenderFrame)) {
        return err('forbidden-sender', 'This request did not come from the Ninekeeper window and was refused.')
      }
      return dispatch(channel, payload)
    })
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel)
  }
}
