/** Renders the confirmation and alert dialogs requested through src/lib/feedback.ts (one at a time). */
import { useSyncExternalStore } from "react"
import { feedbackStore } from "../lib/feedback.ts"
import { AlertDialog, ConfirmDialog } from "./confirm-dialog.tsx"

export function DialogHost() {
  const { dialogs } = useSyncExternalStore(feedbackStore.subscribe, feedbackStore.get)
  const d = dialogs[0]
  if (!d) return null
  if (d.kind === "confirm") {
    return (
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
    )
  }
  return <AlertDialog key={d.id} open title={d.title} message={d.message} buttonLabel={d.buttonLabel} onClose={d.resolve} />
}
