/**
 * Marking notifications read (spec core §4 "Notifications"): a command of the registry
 * (`v1.notification.read`, sync/commands/notifications.ts; D-notification-read). The entry shows read and
 * the badge drops at once through the engine's overlay and unread count; offline the read waits for the
 * network; a read the server refuses (the notification gone) leaves the entry as the server has it.
 */
import { useCallback } from "react"
import i18next from "i18next"
import { submitCommand } from "../../../workers/client.ts"
import { toast } from "../../lib/feedback.ts"

/**
 * Once recorded, the overlay shows the entry read, so it offers no second click; two clicks before that, or in two
 * tabs, are one command by the dedupe key (sync/SPEC.md DD3).
 */
export async function markRead(id: string): Promise<void> {
  try {
    await submitCommand("", { name: "v1.notification.read", payload: { id } }, `notification-read:${id}`)
  } catch {
    toast("error", i18next.t("errors:UNABLE_TO_PERFORM_ACTION"))
  }
}

export const useMarkRead = () =>
  useCallback((id: string) => {
    void markRead(id)
  }, [])
