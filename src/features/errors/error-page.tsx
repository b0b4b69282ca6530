/**
 * The error page of spec core §2.1 / features §2: the status code; 404 a not-found message,
 * 500 an internal-error message, anything else an unknown-error message; a back-to-home button.
 * A thrown error that is not an HTTP response counts as 500; a failed chunk load reloads once.
 */
import { useEffect } from "react"
import { isRouteErrorResponse, useNavigate, useRouteError } from "react-router"
import { useTranslation } from "react-i18next"
import { splitLocalePath, withPrefix } from "../../lib/locale-path.ts"
import { Button } from "../../ui/button.tsx"
import * as s from "./error-page.css.ts"

export function statusOf(error: unknown): number | null {
  if (isRouteErrorResponse(error)) return error.status
  if (error instanceof Error) return 500
  return null
}

/** Development aid: what was thrown (never shown in a production build). */
function detailOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${String(error.data)}`
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

export function messageKey(status: number | null): "notFound" | "internal" | "unknown" {
  return status === 404 ? "notFound" : status === 500 ? "internal" : "unknown"
}

export function ErrorPage({ standalone = false }: { readonly standalone?: boolean }) {
  const { t } = useTranslation()
  const error = useRouteError()
  const navigate = useNavigate()
  const status = statusOf(error)
  const key = messageKey(status)
  useEffect(() => {
    document.title = `${status ?? ""} ${t(`common:errorPage.${key}.title`)}`.trim()
  }, [status, key, t])
  const home = (): void => {
    const { prefix } = splitLocalePath(globalThis.location.pathname)
    void navigate(withPrefix("/banking/home", prefix))
  }
  // computed outside the JSX: jsx-a11y's attribute reader cannot read `import.meta` in a prop and says so on every lint
  const detail = import.meta.env.DEV ? detailOf(error) : undefined
  return (
    <div
      className={[s.wrap, standalone ? s.standalone : ""].join(" ")}
      role="alert"
      data-testid="error-page"
      data-status={status ?? "unknown"}
      data-detail={detail}
    >
      {status !== null ? (
        <p className={s.code} aria-hidden="true">
          {status}
        </p>
      ) : null}
      <h1 className={s.title}>{t(`common:errorPage.${key}.title`)}</h1>
      <p className={s.text}>{t(`common:errorPage.${key}.message`)}</p>
      <Button onClick={home} data-testid="back-home">
        {t("common:errorPage.backHome")}
      </Button>
    </div>
  )
}
