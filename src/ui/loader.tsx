/**
 * The full-screen loader (spec core §2.4, §9): shown only when loading lasts longer than 50 ms,
 * so fast transitions never flash.
 */
import { useEffect, useState } from "react"
import * as s from "./surface.css.ts"

export const LOADER_DELAY_MS = 50

export function Loader({ label, delayMs = LOADER_DELAY_MS }: { readonly label: string; readonly delayMs?: number }) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const t = setTimeout(() => setShown(true), delayMs)
    return () => clearTimeout(t)
  }, [delayMs])
  if (!shown) return null
  return (
    <div className={s.loaderOverlay} role="progressbar" aria-label={label} aria-busy="true" data-testid="loader">
      <div className={s.loaderSpinner} />
    </div>
  )
}
