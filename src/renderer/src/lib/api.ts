/**
 * The renderer's only way to the main process. In Electron it goes through the preload bridge; in a
 * browser through the loopback web bridge. Nothing else in the renderer knows the difference.
 */
import type { Channel } from '../../../shared/ipc/channels'
import type { Input, Output } from '../../../shared/ipc/contract'
import type { Result } from '../../../shared/result'

const TOKEN_META = 'ninekeeper-token'

export async function call<C extends Channel>(channel: C, input: Input<C>): Promise<Result<Output<C>>> {
  try {
    if (window.ninekeeper) return (await window.ninekeeper.invoke(channel, input)) as Result<Output<C>>
    const send = async (): Promise<Result<Output<C>>> => {
      // The session is the bridge's HttpOnly cookie, set when the printed address (…/?k=…) was opened;
      // same-origin requests carry it and the page holds no secret. Only a page with a token sends one.
      const token = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)?.content
      const res = await fetch(`/api/${encodeURIComponent(channel)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Ninekeeper-Token': token } : {}) },
        body: JSON.stringify(input),
      })
      return (await res.json()) as Result<Output<C>>
    }
    const first = await send()
    // The web bridge was restarted (a new per-start token): fetch the page's new token and resend once.
    if (!first.ok && first.error.code === 'bad-token' && (await refreshToken())) return await send()
    return first
  } catch {
    return {
      ok: false,
      error: {
        code: 'unreachable',
        message: 'Ninekeeper’s data service is not answering. Nothing was saved. Is it still running?',
      },
    }
  }
}

/** Reads the token from a fresh copy of the served page (same origin) into this page's meta tag. */
async function refreshToken(): Promise<boolean> {
  try {
    const res = await fetch('/', { cache: 'no-store' })
    const html = new DOMParser().parseFromString(await res.text(), 'text/html')
    const token = html.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)?.content
    const meta = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)
    if (!token || !meta || meta.content === token) return false
    meta.content = token
    return true
  } catch {
    return false
  }
}

/** True in the Electron window (the preload bridge is there), false in a browser. */
export function isDesktop(): boolean {
  return window.ninekeeper !== undefined
}

/**
 * The JSON export of the whole history, never as one message: the database worker leaves it in a
 * file and answers a handle (transfer:export-json-file). In the desktop app the main process copies
 * that file where the user saves it; in a browser the web bridge streams it as a download
 * (GET /download/<handle>, once). Returns a line to announce, and whether it went well.
 */
export async function exportJsonFile(): Promise<{ ok: boolean; message: string }> {
  const r = await call('transfer:export-json-file', {})
  if (!r.ok) return { ok: false, message: r.error.message }
  return saveOrDownload(r.value, `${r.value.eventCount} events`)
}

/**
 * A CSV table, left in a file by the database worker (transfer:export-csv-file) and saved or
 * downloaded as the JSON export is: the rounds of a long history never come back as one message.
 */
export async function exportCsvFile(
  table: 'players' | 'matches' | 'rounds' | 'results',
): Promise<{ ok: boolean; message: string }> {
  const r = await call('transfer:export-csv-file', { table })
  if (!r.ok) return { ok: false, message: r.error.message }
  return saveOrDownload(r.value, `${r.value.rows} rows`)
}

async function saveOrDownload(
  r: { downloadId: string; fileName: string },
  what: string,
): Promise<{ ok: boolean; message: string }> {
  if (isDesktop()) {
    const saved = await call('transfer:save-export', { downloadId: r.downloadId })
    if (!saved.ok) return { ok: false, message: saved.error.message }
    return { ok: true, message: saved.value.saved ? `Exported ${what} to ${saved.value.saved}.` : 'Not saved.' }
  }
  return download(r)
}

function download(r: { downloadId: string; fileName: string }): { ok: boolean; message: string } {
  const a = document.createElement('a')
  a.href = `/download/${encodeURIComponent(r.downloadId)}`
  a.download = r.fileName
  document.body.append(a)
  a.click()
  a.remove()
  return { ok: true, message: `Exported ${r.fileName}.` }
}

/**
 * Prints the current page's print layout: in the desktop app as a PDF saved where the user chooses
 * (Electron's printToPDF), in a browser through its own print dialog. Returns a line to announce.
 */
export async function printPage(): Promise<string> {
  if (!isDesktop()) {
    window.print()
    return ''
  }
  const r = await call('app:print-pdf', {})
  if (!r.ok) return r.error.message
  return r.value.saved ? `Saved ${r.value.saved}.` : 'Not saved.'
}
