/**
 * Save a file made in the browser (features §2 "statement with export": the local CSV/OFX of
 * the filtered rows, a receipt) through a temporary object URL and a download link. No network.
 */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = url
  a.download = fileName
  a.rel = "noopener"
  a.style.display = "none"
  document.body.appendChild(a)
  a.click()
  a.remove()
  // the download has started from the URL by now; keep it briefly for slow browsers
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function downloadText(fileName: string, text: string, mime: string): void {
  downloadBlob(fileName, new Blob([text], { type: mime }))
}
