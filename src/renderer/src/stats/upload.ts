import { call } from '../lib/api'

/** Base64 of a slice of a file, read asynchronously (no long task on the main thread). */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader()
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''))
    r.onerror = () => reject(r.error ?? new Error('read failed'))
    r.readAsDataURL(blob)
  })
}

/** Sends a chosen file to the main side in chunks, reporting progress; returns the upload id. */
export async function uploadFile(
  file: File,
  purpose: 'import' | 'restore' | 'external',
  onProgress: (fraction: number) => void,
): Promise<{ ok: true; uploadId: string } | { ok: false; message: string }> {
  if (file.size === 0) return { ok: false, message: 'That file is empty.' }
  const begun = await call('upload:begin', { purpose, size: file.size })
  if (!begun.ok) return { ok: false, message: begun.error.message }
  const { uploadId, chunkBytes } = begun.value
  for (let offset = 0, index = 0; offset < file.size; offset += chunkBytes, index++) {
    const data = await base64Of(file.slice(offset, offset + chunkBytes))
    const sent = await call('upload:chunk', { uploadId, index, data })
    if (!sent.ok) {
      await call('upload:cancel', { uploadId })
      return { ok: false, message: sent.error.message }
    }
    onProgress(sent.value.received / sent.value.size)
  }
  return { ok: true, uploadId }
}

/** Offers text as a file download. */
export function download(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
