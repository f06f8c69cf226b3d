/**
 * Files the page offers to save (an image to share, a CSV): the download itself and the line that
 * says what happened, shared by the scoresheet tools and the league table.
 */

/** Offers `blob` as a download named `name`; returns the line to announce. */
export function saveFile(blob: Blob, name: string): string {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
  return `Saved ${name}.`
}

/** Offers a drawn image as a download, or says the browser could not draw it (no canvas); returns the line to announce. */
export const saveImage = (png: Blob | null, name: string): string =>
  png ? saveFile(png, name) : 'This browser could not draw the image.'

/** A file name's stem from free text: letters and digits kept, every other run one dash, none at the ends. */
export const fileStem = (text: string, fallback: string): string =>
  text.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || fallback
