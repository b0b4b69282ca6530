/**
 * The toast region (spec core §2.4: success, info, warning, error; top right; 4 s; title and
 * message). Polite live region; errors are announced assertively and stay until closed; the
 * others' 4 s stop while the toast is hovered or holds the focus (issue 31 item 5).
 */
import { useSyncExternalStore } from "react"
import { useTranslation } from "react-i18next"
import { dismissToast, feedbackStore, holdToast, releaseToast, type ToastKind } from "../lib/feedback.ts"
import { IconButton } from "./button.tsx"
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from "./icons.tsx"
import * as s from "./toaster.css.ts"

const ICONS: Record<ToastKind, typeof InfoIcon> = { success: SuccessIcon, info: InfoIcon, warning: WarningIcon, error: ErrorIcon }

export function Toaster() {
  const { t } = useTranslation()
  const { toasts } = useSyncExternalStore(feedbackStore.subscribe, feedbackStore.get)
  return (
    <div className={s.region} aria-live="polite" aria-label={t("common:feedback.notifications")} role="region">
      {toasts.map((x) => {
        const Icon = ICONS[x.kind]
        return (
          <div
            key={x.id}
            className={[s.toast, s.kind[x.kind]].join(" ")}
            role={x.kind === "error" ? "alert" : "status"}
            data-testid={`toast-${x.kind}`}
            onMouseEnter={() => holdToast(x.id, "hover")}
            onMouseLeave={() => releaseToast(x.id, "hover")}
            onFocus={() => holdToast(x.id, "focus")}
            onBlur={(e) => {
              if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) releaseToast(x.id, "focus")
            }}
          >
            <Icon className={s.iconTone[x.kind]} />
            <div className={s.text}>
              <p className={s.title}>{x.title}</p>
              {x.message ? <p className={s.message}>{x.message}</p> : null}
            </div>
            <IconButton className={s.close} label={t("common:actions.close")} onClick={() => dismissToast(x.id)}>
              <CloseIcon size={16} />
            </IconButton>
          </div>
        )
      })}
    </div>
  )
}
