/**
 * Online/offline status (core §2.4 "Online/offline status is tracked"), from the engine's
 * `connection` live query (the browser's flag until the engine answers). Offline, the app keeps
 * working from the local data and says so (ShellBanners).
 */
import { useSyncExternalStore } from "react"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import { OfflineIcon, OnlineIcon } from "../../ui/icons.tsx"
import * as s from "./header.css.ts"

function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    (l) => {
      addEventListener("online", l)
      addEventListener("offline", l)
      return () => {
        removeEventListener("online", l)
        removeEventListener("offline", l)
      }
    },
    () => navigator.onLine
  )
}

export function useOnline(): boolean {
  const live = useLiveQuery({ kind: "connection" })
  const browser = useBrowserOnline()
  return browser && (live?.online ?? true)
}

export function ConnectionStatus() {
  const { t } = useTranslation()
  const online = useOnline()
  return (
    <span
      className={[s.status, online ? s.online : s.offline].join(" ")}
      role="status"
      aria-label={online ? t("shell:connection.online") : t("shell:connection.offline")}
      data-testid="connection-status"
      data-online={online}
    >
      {online ? <OnlineIcon size={16} /> : <OfflineIcon size={16} />}
      <span className={s.statusText}>{online ? t("shell:connection.online") : t("shell:connection.offline")}</span>
    </span>
  )
}
