/**
 * Renders the confirmation and alert dialogs requested through src/lib/feedback.ts (one at a time). The dialogs (with
 * the HTML sanitiser) are a chunk of their own (issue 33 item 5), fetched once the app has painted, so the first dialog
 * asked for opens at once (a user's click, or a test's, never meets a dialog still loading).
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react"
import { feedbackStore } from "../lib/feedback.ts"

const load = () => import("./confirm-dialog.tsx")
const ConfirmDialog = lazy(() => load().then((m) => ({ default: m.ConfirmDialog })))
const AlertDialog = lazy(() => load().then((m) => ({ default: m.AlertDialog })))

export function DialogHost() {
  const { dialogs } = useSyncExternalStore(feedbackStore.subscribe, feedbackStore.get)
  useEffect(() => {
    void load()
  }, [])
  const d = dialogs[0]
  if (!d) return null
  if (d.kind === "confirm") {
    return (
      <Suspense fallback={null}>
        <ConfirmDialog
          key={d.id}
          open
          title={d.title}
          html={d.html}
          variant={d.variant}
          confirmLabel={d.confirmLabel}
          cancelLabel={d.cancelLabel}
          onAnswer={d.resolve}
        />
      </Suspense>
    )
  }
  return (
    <Suspense fallback={null}>
      <AlertDialog key={d.id} open title={d.title} message={d.message} buttonLabel={d.buttonLabel} onClose={d.resolve} />
    </Suspense>
  )
}
