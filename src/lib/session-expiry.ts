/**
 * Expiry logout (spec core §4 "Session timer"): at 00:00, or when the engine reports a failed
 * renewal, the user is logged out, the store cleared, the alert 'logout inactivity' shown, and
 * after 1 s the user is sent to the login page. Runs once even when several triggers fire.
 */
import i18next from "i18next"
import { alertDialog } from "./feedback.ts"
import { splitLocalePath, withPrefix } from "./locale-path.ts"
import { endSession, LOGOUT_REDIRECT_DELAY_MS } from "./session.ts"

let expiring = false

export async function expireSession(navigate: (path: string) => void): Promise<void> {
  if (expiring) return
  expiring = true
  await endSession("expired")
  void alertDialog({
    title: i18next.t("shell:session.expiredTitle"),
    message: i18next.t("shell:session.expiredMessage"),
    buttonLabel: i18next.t("shell:session.understood")
  })
  setTimeout(() => {
    expiring = false
    const { prefix } = splitLocalePath(globalThis.location?.pathname ?? "/")
    navigate(withPrefix("/auth/login", prefix))
  }, LOGOUT_REDIRECT_DELAY_MS)
}
