/**
 * QR-code session login (spec core §2.1, §7 /auth/session/token, §9 "session QR code expiry
 * 300 seconds"): shows the QR payload with a countdown, asks every 2 s whether the mobile app
 * activated it (422 QR_SESSION_PENDING while waiting); at expiry offers a new code.
 */
import { QRCodeSVG } from "qrcode.react"
import { useCallback, useEffect, useRef, useState } from "react"
import { useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import { EngineError, getEngine } from "../../../workers/client.ts"
import { errorI18nKey, errorKeyOf } from "../../lib/errors.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button, Skeleton } from "../../ui/index.ts"
import { formatCountdown } from "../../lib/countdown.ts"
import { finishSignIn } from "./finish-sign-in.ts"
import * as s from "./auth.css.ts"

export const QR_EXPIRY_S = 300
export const QR_POLL_MS = 2000

interface Code {
  readonly token: string
  readonly payload: string
  readonly expiresAt: number
}

export function QrLogin() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const [code, setCode] = useState<Code | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [error, setError] = useState<string | null>(null)
  const done = useRef(false)

  const fresh = useCallback(async () => {
    setError(null)
    setCode(null)
    try {
      // a second code within 1 s of the last is refused as a duplicate (core §7): ask once more after it
      const r = await getEngine()
        .call("qrSessionToken")
        .catch(async (e: unknown) => {
          if (!(e instanceof EngineError) || e.tag !== "DuplicateRequest") throw e
          await new Promise((res) => setTimeout(res, 1100))
          return getEngine().call("qrSessionToken")
        })
      const secs = r.data.expires_in > 0 ? Math.min(r.data.expires_in, QR_EXPIRY_S) : QR_EXPIRY_S
      setCode({ token: r.data.session_token, payload: r.data.qr_payload, expiresAt: Date.now() + secs * 1000 })
      setNow(Date.now())
    } catch (e) {
      setError(t(errorI18nKey(e)))
    }
  }, [t])

  useEffect(() => {
    void fresh()
  }, [fresh])
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [])

  const expired = code !== null && now >= code.expiresAt
  useEffect(() => {
    if (!code || expired) return undefined
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async (): Promise<void> => {
      try {
        const r = await getEngine().call("sessionSignin", { body: { session_token: code.token } })
        if (!live || done.current) return
        done.current = true
        await finishSignIn(
          r.data,
          (p) => {
            void navigate(p, { replace: true })
          },
          lp("/banking/home")
        )
      } catch (e) {
        if (!live) return
        const key = errorKeyOf(e)
        if (key === "QR_SESSION_EXPIRED") {
          setCode((c) => (c ? { ...c, expiresAt: 0 } : c))
          return
        }
        if (key !== "QR_SESSION_PENDING") setError(t(errorI18nKey(e)))
        timer = setTimeout(() => {
          void poll()
        }, QR_POLL_MS)
      }
    }
    timer = setTimeout(() => {
      void poll()
    }, QR_POLL_MS)
    return () => {
      live = false
      if (timer) clearTimeout(timer)
    }
  }, [code, expired, navigate, lp, t])

  return (
    <div className={s.qr} data-testid="qr-login">
      <p className={s.subtitle} style={{ marginBottom: 0 }}>
        {t("auth:qr.instructions")}
      </p>
      {error ? (
        <p className={s.error} role="alert">
          {error}
        </p>
      ) : null}
      {code ? (
        <>
          <div className={s.qrBox}>
            <QRCodeSVG value={code.payload} size={196} className={expired ? s.qrExpired : undefined} title={t("auth:qr.imageLabel")} data-testid="qr-code" />
          </div>
          {expired ? (
            <>
              <p role="status" data-testid="qr-expired">
                {t("auth:qr.expired")}
              </p>
              <Button
                onClick={() => {
                  void fresh()
                }}
                data-testid="qr-new"
              >
                {t("auth:qr.newCode")}
              </Button>
            </>
          ) : (
            <p role="timer" aria-live="off">
              {t("auth:qr.expiresIn")}{" "}
              <span className={s.countdown} data-testid="qr-countdown">
                {formatCountdown(code.expiresAt - now)}
              </span>
            </p>
          )}
        </>
      ) : error ? (
        <Button
          onClick={() => {
            void fresh()
          }}
        >
          {t("auth:qr.newCode")}
        </Button>
      ) : (
        <Skeleton width={220} height={220} />
      )}
    </div>
  )
}
