/**
 * The time left until a request's cut-off (spec features §4 "Requests not fully approved are
 * cancelled at 23:59:59 of the same day", §9; UTC-3): HH:MM:SS from `expires_at`, ticking each
 * second on the shared clock, warning in the last 3 hours and in red in the last hour. A
 * `timer` role that screen readers do not announce each second; the cut-off instant is in its
 * title and accessible name.
 */
import { useTranslation } from "react-i18next"
import { formatDateTime } from "../../../schema/format.ts"
import { ClockIcon } from "../../ui/index.ts"
import { formatHms, msLeft } from "./approval-rules.ts"
import * as s from "./approval.css.ts"
import { useNow } from "./use-now.ts"

const HOUR = 3_600_000

/** DD/MM/YYYY HH:mm:ss in São Paulo time (seconds are the same in UTC and UTC-3). */
export const cutoffText = (iso: string): string => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? "" : `${formatDateTime(iso)}:${String(d.getUTCSeconds()).padStart(2, "0")}`
}

export function Countdown({ expiresAt }: { readonly expiresAt: string }) {
  const { t } = useTranslation()
  const now = useNow()
  const left = msLeft(expiresAt, now)
  const tone = left <= HOUR ? "late" : left <= 3 * HOUR ? "soon" : "calm"
  const cutoff = t("approval:requests.cutoffAt", { at: cutoffText(expiresAt) })
  return (
    <span
      className={[s.countdown, s.countdownTone[tone]].join(" ")}
      role="timer"
      aria-label={`${t("approval:requests.countdownLabel")}: ${formatHms(left)}. ${cutoff}`}
      title={cutoff}
      data-testid="approval-countdown"
      data-ms-left={left}
    >
      <ClockIcon size={16} />
      {left > 0 ? t("approval:requests.countdown", { time: formatHms(left) }) : t("approval:requests.expired")}
    </span>
  )
}
