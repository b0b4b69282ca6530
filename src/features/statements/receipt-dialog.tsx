/**
 * The receipt of a statement row (features §2 "statement … and receipts", §7 GET
 * /users/operations/{id}/receipt, POST …/receipt/generate, GET /users/v2/pix/receipt/by-operation/{id},
 * §9 "polls … the receipt download every 2 seconds"). A Pix row asks the Pix receipt by
 * operation; any other row asks the operation's receipt and, when none exists yet (404),
 * generates it and polls every 2 s while it is PENDING. The server's HTML is sanitised
 * (receipt-html.ts); the receipt can be downloaded (the storage file's signed URL) and printed
 * (a print-only copy of the receipt, nothing else on the page).
 */
import { memo, useEffect, useMemo, useState } from "react"
import { createPortal } from "react-dom"
import { useTranslation } from "react-i18next"
import { EngineError, getEngine } from "../../../workers/client.ts"
import type { StatementRowView } from "../../../workers/results.ts"
import type { Receipt } from "../../../schema/entities.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { downloadText } from "../../lib/download.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Button, Dialog, Skeleton, layout } from "../../ui/index.ts"
import { sanitizeReceiptHtml } from "./receipt-html.ts"
import * as s from "./receipt-dialog.css.ts"

/** features §9: receipt download polling every 2000 ms. */
export const RECEIPT_POLL_MS = 2_000

type Phase =
  | { readonly phase: "loading" }
  | { readonly phase: "pending" }
  | { readonly phase: "ready"; readonly receipt: Receipt }
  | { readonly phase: "error"; readonly key: string }

const isPix = (type: string): boolean => type === "PIX_IN" || type === "PIX_OUT"
const notFound = (e: unknown): boolean => e instanceof EngineError && (e.status === 404 || e.key === "NOT_FOUND")

/** Memoised: the page re-renders on every keystroke of the filter; the dialog only for its row. */
export const ReceiptDialog = memo(function ReceiptDialog({ row, onClose }: { readonly row: StatementRowView | null; readonly onClose: () => void }) {
  const { t } = useTranslation()
  const f = useFormat()
  const [state, setState] = useState<Phase>({ phase: "loading" })

  useEffect(() => {
    if (!row) return undefined
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const engine = getEngine()
    const args = { walletId: row.wallet_id, params: { id: row.operation_id } }
    const fail = (e: unknown): void => {
      if (live) setState({ phase: "error", key: errorI18nKey(e) })
    }
    const settle = (r: Receipt): void => {
      if (!live) return
      if (r.status === "READY") setState({ phase: "ready", receipt: r })
      else if (r.status === "PENDING") {
        setState({ phase: "pending" })
        timer = setTimeout(() => {
          engine.call("receipt", args).then((x) => settle(x.data), fail)
        }, RECEIPT_POLL_MS)
      } else setState({ phase: "error", key: "errors:UNABLE_TO_GET_DATA" })
    }
    setState({ phase: "loading" })
    if (isPix(row.type)) engine.call("pixReceipt", args).then((x) => settle(x.data), fail)
    else {
      engine.call("receipt", args).then(
        (x) => settle(x.data),
        (e: unknown) => {
          if (!notFound(e)) return fail(e)
          return engine.call("receiptGenerate", args).then((x) => settle(x.data), fail)
        }
      )
    }
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [row])

  const html = useMemo(() => (state.phase === "ready" && state.receipt.html ? sanitizeReceiptHtml(state.receipt.html) : ""), [state])
  const ready = state.phase === "ready"
  useEffect(() => {
    if (!row || !ready) return undefined
    const root = document.documentElement
    root.classList.add(s.printing)
    return () => root.classList.remove(s.printing)
  }, [row, ready])

  const fileName = row ? `${t("statements:receipt.fileName")}-${row.operation_id}.html` : ""
  const download = (): void => {
    downloadText(fileName, `<!doctype html><meta charset="utf-8"><title>${t("statements:receipt.title")}</title>${html}`, "text/html;charset=utf-8")
  }

  return (
    <Dialog
      open={row !== null}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("statements:receipt.title")}
      size="large"
      testId="receipt-dialog"
      footer={
        <>
          {ready && state.receipt.url ? (
            <a href={state.receipt.url} download={fileName} className={layout.muted} data-testid="receipt-download-link">
              {t("statements:receipt.downloadOriginal")}
            </a>
          ) : null}
          <Button variant="secondary" disabled={!ready} onClick={download} data-testid="receipt-download">
            {t("statements:receipt.download")}
          </Button>
          <Button disabled={!ready} onClick={() => window.print()} data-testid="receipt-print">
            {t("statements:receipt.print")}
          </Button>
        </>
      }
    >
      {row ? (
        <div className={s.summary}>
          <span className={layout.muted}>{`${f.dateTime(row.created_at)} · ${t(`statements:types.${row.type}`, { defaultValue: row.type })}`}</span>
          <span className={s.amount}>{`${row.direction === "in" ? "+" : "−"} ${f.amount(row.amount, row.currency_symbol)}`}</span>
        </div>
      ) : null}
      <div data-testid="receipt-state" data-phase={state.phase} aria-live="polite">
        {state.phase === "loading" ? <Skeleton height={160} /> : null}
        {state.phase === "pending" ? (
          <div className={layout.stack}>
            <p>{t("statements:receipt.generating")}</p>
            <Skeleton height={160} />
          </div>
        ) : null}
        {state.phase === "error" ? (
          <p className={layout.errorText} role="alert">
            {t(state.key)}
          </p>
        ) : null}
        {ready ? <div className={s.receipt} data-testid="receipt-body" dangerouslySetInnerHTML={{ __html: html }} /> : null}
      </div>
      {ready ? createPortal(<div className={s.printOnly} data-testid="receipt-print-copy" dangerouslySetInnerHTML={{ __html: html }} />, document.body) : null}
    </Dialog>
  )
})
