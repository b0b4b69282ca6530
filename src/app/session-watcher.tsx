/**
 * Listens to the engine's session events (workers/client onSession): a failed renewal in the
 * engine is an expiry logout (core §4); a sign-out in another tab ends this tab's session too;
 * a renewal restarts the session clock.
 */
import { useEffect } from "react"
import { useNavigate } from "react-router"
import { getEngine, storedSession } from "../../workers/client.ts"
import { appStore } from "../lib/app-state.ts"
import { splitLocalePath, withPrefix } from "../lib/locale-path.ts"
import { markRenewed } from "../lib/session.ts"
import { expireSession } from "../lib/session-expiry.ts"

export function SessionWatcher() {
  const navigate = useNavigate()
  useEffect(
    () =>
      getEngine().onSession((event) => {
        if (event === "renewed") {
          markRenewed()
          appStore.set({ session: storedSession() })
        } else if (event === "expired") {
          if (appStore.get().session)
            void expireSession((p) => {
              void navigate(p)
            })
        } else if (appStore.get().session) {
          appStore.reset()
          const { prefix } = splitLocalePath(globalThis.location.pathname)
          void navigate(withPrefix("/auth/login", prefix))
        }
      }),
    [navigate]
  )
  return null
}
