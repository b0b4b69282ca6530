/**
 * A big table's text filter, typed forward (sync/SPEC.md Q5b; decisions D-narrow): what `DataTable`'s `narrow` prop
 * takes, and the same first window without the text kept live while a text is typed — one call for the statement, the
 * gateway and the Pix statement pages.
 *
 * `firstWindow` builds the table's first-window live query for a query (the one the page and the table ask for its
 * head); given the query without its text, its JSON is the filter's other terms (sort included): the `rest` a text
 * narrows within. Kept live, that window's answer is in the cache when the field is cleared, so the keystroke that
 * clears it is answered at its render (and the engine keeps it current meanwhile).
 */
import { useMemo } from "react"
import { useLiveQuery } from "../../workers/client.ts"
import type { LiveQuery } from "../../workers/protocol.ts"
import { withoutText, type Narrower } from "../../schema/tables/text-narrow.ts"

export function useTypedForward<Q extends { readonly text?: string }, R extends object>(
  rule: Narrower<R>,
  query: Q | null,
  firstWindow: (bare: Omit<Q, "text">) => LiveQuery
): { readonly rest: string; readonly by: Narrower<R> } | undefined {
  const bare = query ? firstWindow(withoutText(query)) : null
  useLiveQuery(query?.text !== undefined ? bare : null)
  const rest = bare ? JSON.stringify(bare) : null
  return useMemo(() => (rest === null ? undefined : { rest, by: rule }), [rest, rule])
}
