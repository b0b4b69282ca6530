/**
 * The URL's search params as a page's state, written so that two changes in a row both stay.
 *
 * React Router's `setSearchParams` builds on the params of the last render (its functional form too), and the
 * navigation it starts renders later. So two selects changed before the page re-renders lose the first change:
 * the second write starts again from the rendered params. It happened in the suite (the analysis page's rows,
 * columns and measure chosen one after the other ended with the columns back at their default).
 *
 * `write(next)` here builds on the last params this page asked for while they are not rendered yet; once the page
 * renders them (or a navigation from elsewhere — a link, the back button — renders others) the rendered ones are the
 * base again.
 */
import { useCallback, useEffect, useRef } from "react"
import { useSearchParams } from "react-router"

export type SearchWrite = (next: (current: URLSearchParams) => URLSearchParams, o?: { readonly replace?: boolean }) => void

/** Base for the next write: the newest of the params asked for and not yet rendered, else the rendered ones. */
export function writeBase(pending: ReadonlyArray<string>, rendered: string): string {
  return pending.at(-1) ?? rendered
}

/**
 * The params asked for and still to render, once `rendered` renders: those up to it are done (a replace that was
 * superseded may never render on its own); params nobody here asked for mean a navigation from elsewhere, which wins.
 */
export function settlePending(pending: ReadonlyArray<string>, rendered: string): string[] {
  const at = pending.indexOf(rendered)
  return at < 0 ? [] : pending.slice(at + 1)
}

export function useSearchWriter(): readonly [URLSearchParams, SearchWrite] {
  const [params, setParams] = useSearchParams()
  const rendered = params.toString()
  const pending = useRef<string[]>([])
  const renderedRef = useRef(rendered)
  useEffect(() => {
    renderedRef.current = rendered
    pending.current = settlePending(pending.current, rendered)
  }, [rendered])
  const write = useCallback<SearchWrite>(
    (next, o) => {
      const base = new URLSearchParams(writeBase(pending.current, renderedRef.current))
      const out = next(base).toString()
      pending.current = [...pending.current, out]
      setParams(new URLSearchParams(out), o?.replace ? { replace: true } : undefined)
    },
    [setParams]
  )
  return [params, write] as const
}
