/**
 * The core's change notes, apart from api.ts so the start screen does not carry them (the renderer
 * payload budget): only the live screens that refresh on them import this.
 */
import type { ChangeNote } from '../../../shared/model/changes'

/**
 * Calls `listener` each time the core's event log grew (docs/ARCHITECTURE.md § Change events): a call
 * here, a phone's entry, another laptop's rows merged by club sync. In the desktop app the notes come
 * over IPC; in a browser as server-sent events from the web bridge (GET /events, the session's cookie),
 * which the browser opens again by itself when the stream drops. The function returned stops it.
 */
export function onCoreChange(listener: (note: ChangeNote) => void): () => void {
  if (window.ninekeeper) return window.ninekeeper.onChanged?.(listener) ?? (() => {})
  const source = new EventSource('/events')
  const forward = (e: MessageEvent<string>): void => {
    try {
      listener(JSON.parse(e.data) as ChangeNote)
    } catch {
      // Not a note: nothing to refresh on.
    }
  }
  source.addEventListener('changed', forward)
  return () => {
    source.removeEventListener('changed', forward)
    source.close()
  }
}
