/**
 * The session countdown of spec core §4 "Session timer": MM:SS updated every second; under
 * 1 hour left, the 'notice inactivity' banner with 'continue session' (a renewal through the
 * refresh token); during an upload with under 60 s left, an automatic renewal; at 00:00 the
 * expiry logout (alert, redirect after 1 s). The limit is 300000 ms unless `?session_ms=` or
 * VITE_SESSION_MS shortens it (src/lib/session.ts).
 */
import { useEffect, useState } from "react"
import { useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import { useAppState } from "../../lib/app-state.ts"
import { formatCountdown } from "../../lib/countdown.ts"
import { renewSession, sessionDeadline, SESSION_WARNING_MS, shouldAutoRenew } from "../../lib/session.ts"
import { useLiveQuery } from "../../../workers/client.ts"
import { expireSession } from "../../lib/session-expiry.ts"
import { Button } from "../../ui/button.tsx"
import { ClockIcon } from "../../ui/icons.tsx"
import * as s from "./banners.css.ts"

export function SessionBanner() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const session = useAppState((st) => st.session)
  const [now, setNow] = useState(() => Date.now())
  const [renewing, setRenewing] = useState(false)
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [])
  const left = session ? sessionDeadline(session) - now : null
  // the engine's uploads (the outbox's upload commands): a running one keeps the session alive
  const uploads = useLiveQuery(session ? { kind: "uploads" } : null)

  useEffect(() => {
    if (left === null) return
    if (left <= 0)
      void expireSession((p) => {
        void navigate(p)
      })
    else if (shouldAutoRenew(left, uploads)) void renewSession()
  }, [left, navigate, uploads])

  if (left === null || left > SESSION_WARNING_MS) return null
  const renew = async (): Promise<void> => {
    setRenewing(true)
    const ok = await renewSession()
    setRenewing(false)
    if (!ok)
      void expireSession((p) => {
        void navigate(p)
      }) // core §4: a failed refresh is an expiry logout
    setNow(Date.now())
  }
  return (
    <div className={[s.banner, s.tone.warning].join(" ")} role="region" aria-label={t("shell:session.region")} data-testid="session-banner">
      <div className={s.inner}>
        <ClockIcon size={18} />
        <span className={s.grow}>
          {t("shell:session.notice")}{" "}
          <span className={s.clock} data-testid="session-countdown">
            {formatCountdown(left)}
          </span>
        </span>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            void renew()
          }}
          busy={renewing}
          data-testid="continue-session"
        >
          {t("shell:session.continue")}
        </Button>
      </div>
    </div>
  )
}
