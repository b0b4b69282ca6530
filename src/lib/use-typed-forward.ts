/**
 * A big table's text filter, typed forward (sync/SPEC.md Q5b; decisions D-narrow): the `Narrowing` a page gives
 * `useLiveQuery` for its table's first window (its early rows made on the page from the answer before:
 * workers/narrow-cache.ts), and the same first window without the text kept live while a text is typed — one call for
 * the statement, the gateway and the Pix statement pages.
 *
 * `firstWindow` builds the table's first-window live query for a query (the one the page and the table ask for its
 * head). Kept live, the window without the text is in the cache when the field is cleared, so the keystroke that
 * clears it is answered at its render (and the engine keeps it current meanwhile), and a first character is narrowed
 * from it.
 */
import { useMemo } from "react"
import { useKeptLive, type Narrowing } from "../../workers/client.ts"
import type { LiveQuery } from "../../workers/protocol.ts"
import { withoutText, type Narrower } from "../../schema/tables/text-narrow.ts"
import { NARROW_ROWS } from "../ui/data-table.tsx"

export function useTypedForward<Q extends { readonly text?: string }, R extends object>(
  rule: Narrower<R>,
  query: Q | null,
  firstWindow: (bare: Omit<Q, "text">) => LiveQuery
): Narrowing | undefined {
  useKeptLive(query?.text !== undefined ? firstWindow(withoutText(query)) : null)
  const on = query !== null
  return useMemo(() => (on ? { by: rule as Narrower<object>, needed: NARROW_ROWS } : undefined), [on, rule])
}
