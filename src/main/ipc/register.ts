/** The only importer of ipcMain: sender check, then the shared dispatcher (schema parse -> handler). */
import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { CHANNELS, type Channel } from '../../shared/ipc/channels'
import { err, type Result } from '../../shared/result'
import { parseInput, type Dispatch } from '../../core/ipc/dispatch'

export type SenderFrame = { url: string; parent: unknown } | null | undefined

/** Handlers that need the Electron event (e.g. the sender's webContents); they replace the shared one. */
export type ElectronOverrides = Partial<
  Record<Channel, (event: IpcMainInvokeEvent, input: unknown) => Promise<Result<unknown>>>
>

export function registerIpc(
  dispatch: Dispatch,
  isTrusted: (frame: SenderFrame) => boolean,
  overrides: ElectronOverrides = {},
): () => void {
  for (const channel of CHANNELS) {
    const override = overrides[channel]
    ipcMain.handle(channel, async (event, payload: unknown) => {
      if (!isTrusted(event.senderFrame as SenderFrame)) {
        return err('forbidden-sender', 'This request did not come from the Ninekeeper window and was refused.')
      }
      if (!override) return dispatch(channel, payload)
      const input = parseInput(channel, payload)
      if (!input.ok) return input
      try {
        return await override(event, input.value)
      } catch {
        return err('internal', 'Something went wrong inside Ninekeeper. Nothing was saved.')
      }
    })
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel)
  }
}
