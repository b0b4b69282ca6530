/**
 * Renders the confirmation and alert dialogs requested through src/lib/feedback.ts (one at a time). The dialogs (with
 * the HTML sanitiser) are a chunk of their own, loaded with the first one asked for (issue 33 item 5).
 */
import { lazy, Suspense, useSyncExternalStore } from "react"
import { feedbackStore } from "../lib/feedback.ts"

const ConfirmDialog = lazy(() => import("./confirm-dialog.tsx").then((m) => ({ default: m.ConfirmDialog })))
const AlertDialog = lazy(() => import("./confirm-dialog.tsx").then((m) => ({ default: m.AlertDialog })))

export function DialogHost() {
  const { dialogs } = useSyncExternalStore(feedbackStore.subscribe, feedbackStore.get)
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
