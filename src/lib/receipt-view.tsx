/**
 * The one receipt of every money movement (issue 31 item 1; features §2 "statement … and receipts"):
 * what a Brazilian comprovante shows (receipt-lines.ts), a local-copy note until the server's
 * authentication code arrives, and what people do with it — download it as a PDF made in the browser
 * (receipt-pdf.ts, pdf-lib loaded on first use), share the PDF through the Web Share API where the
 * browser can share files (copy it as text otherwise), print it (only the receipt reaches paper).
 * `ReceiptDialog` shows a row's receipt (a statement row); `ReceiptAction` is the end of a flow: the
 * command's row once it exists (its pending copy before), opened in the same dialog.
 */
import { Fragment, memo, useEffect, useMemo, useState } from "react"
import { createPortal } from "react-dom"
import { useTranslation } from "react-i18next"
import { Button, Dialog, Skeleton, layout } from "../ui/index.ts"
import type { ReceiptModel } from "../../schema/receipt.ts"
import { downloadBlob } from "./download.ts"
import { toast } from "./feedback.ts"
import { receiptDocument, receiptText, type ReceiptDocument } from "./receipt-lines.ts"
import { useLiveQuery } from "../../workers/client.ts"
import { useCommandReceiptRow, useReceiptModel, type ReceiptExtra, type ReceiptSourceRow } from "./use-receipt.ts"
import * as s from "./receipt-view.css.ts"
import { Link } from "react-router"
import { useLocalePath } from "./use-locale-path.ts"
import { isContestable, medOpenPath } from "../../schema/pix-med.ts"

const PDF_MIME = "application/pdf"

/** Whether this browser can share files (Web Share API level 2): asked once, with an empty PDF. */
function canShareFiles(): boolean {
  try {
    return (
      typeof navigator.canShare === "function" && typeof File === "function" && navigator.canShare({ files: [new File([], "receipt.pdf", { type: PDF_MIME })] })
    )
  } catch {
    return false
  }
}

/** `focusable`: the copy on screen takes the focus, so a keyboard can scroll a receipt taller than its dialog. */
function ReceiptBody({ d, focusable = false }: { readonly d: ReceiptDocument; readonly focusable?: boolean }) {
  return (
    <article className={s.receipt} data-testid="receipt-body" {...(focusable ? { tabIndex: 0, "aria-label": `${d.title} — ${d.kind} — ${d.amount}` } : {})}>
      <header className={s.head}>
        <div>
          <h2 className={s.title}>{d.title}</h2>
          <span className={s.kind} data-testid="receipt-kind">
            {d.kind}
          </span>
        </div>
        <span className={s.amount} data-testid="receipt-amount">
          {d.amount}
        </span>
      </header>
      {d.localNote ? (
        <p className={s.local} data-testid="receipt-local">
          {d.localNote}
        </p>
      ) : null}
      {d.sections.map((sec) => (
        <section key={sec.id} className={s.section} data-testid={`receipt-${sec.id}`}>
          <h3 className={s.sectionTitle}>{sec.title}</h3>
          <dl className={s.lines}>
            {sec.lines.map((l) => (
              <Fragment key={l.id}>
                <dt>{l.label}</dt>
                <dd data-testid={`receipt-line-${l.id}`}>{l.value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </article>
  )
}

/** A receipt's words in the current language. */
function useReceiptDocument(model: ReceiptModel | null): { readonly d: ReceiptDocument | null; readonly locale: "pt" | "en" } {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === "en" ? "en" : "pt"
  const d = useMemo(() => (model ? receiptDocument(model, t, locale) : null), [model, t, locale])
  return { d, locale }
}

/** What people do with a receipt: download the PDF, share it (or copy it as text), print it. */
export function ReceiptActions({ d, locale }: { readonly d: ReceiptDocument; readonly locale: "pt" | "en" }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [shareable] = useState(canShareFiles)

  const pdfFile = async (): Promise<File> => {
    const { receiptPdf } = await import("./receipt-pdf.ts")
    const bytes = await receiptPdf(d, locale === "en" ? "en-US" : "pt-BR")
    return new File([bytes as Uint8Array<ArrayBuffer>], `${d.fileName}.pdf`, { type: PDF_MIME })
  }
  const run = (job: () => Promise<void>): void => {
    setBusy(true)
    job()
      .catch(() => toast("error", t("receipt:shareFailed")))
      .finally(() => setBusy(false))
  }
  const download = (): void =>
    run(async () => {
      const f = await pdfFile()
      downloadBlob(f.name, f)
    })
  const share = (): void =>
    run(async () => {
      const f = await pdfFile()
      try {
        await navigator.share({ files: [f], title: `${d.title} — ${d.kind}` })
      } catch (e) {
        if (e instanceof DOMException && e.name === "AbortError") return // the user closed the share sheet
        throw e
      }
    })
  const copy = (): void =>
    run(async () => {
      await navigator.clipboard.writeText(receiptText(d))
      toast("success", t("receipt:copied"))
    })

  return (
    <div className={s.actions}>
      {busy ? <span className={layout.muted}>{t("receipt:makingPdf")}</span> : null}
      <Button variant="secondary" onClick={() => window.print()} data-testid="receipt-print">
        {t("receipt:actions.print")}
      </Button>
      {shareable ? (
        <Button variant="secondary" onClick={share} disabled={busy} data-testid="receipt-share">
          {t("receipt:actions.share")}
        </Button>
      ) : (
        <Button variant="secondary" onClick={copy} disabled={busy} data-testid="receipt-copy">
          {t("receipt:actions.copy")}
        </Button>
      )}
      <Button onClick={download} disabled={busy} data-testid="receipt-download">
        {t("receipt:actions.download")}
      </Button>
    </div>
  )
}

/** The receipt on screen and, while it is open, the copy that alone reaches paper. */
export function ReceiptView({ model, d }: { readonly model: ReceiptModel; readonly d: ReceiptDocument }) {
  useEffect(() => {
    const root = document.documentElement
    root.classList.add(s.printing)
    return () => root.classList.remove(s.printing)
  }, [])
  return (
    <div data-testid="receipt-view" data-local={model.local ? "true" : "false"} data-kind={model.kind}>
      <ReceiptBody d={d} focusable />
      {createPortal(
        <div className={s.printOnly} data-testid="receipt-print-copy">
          <ReceiptBody d={d} />
        </div>,
        document.body
      )}
    </div>
  )
}

/** A row's receipt in a dialog (the statement's rows; the end of a flow through ReceiptAction). Memoised: the statement re-renders on every keystroke. */
export const ReceiptDialog = memo(function ReceiptDialog({
  row,
  extra,
  onClose
}: {
  readonly row: ReceiptSourceRow | null
  readonly extra?: ReceiptExtra
  readonly onClose: () => void
}) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const { model, server } = useReceiptModel(row, extra)
  const { d, locale } = useReceiptDocument(model)
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("receipt:title")}
      size="large"
      testId="receipt-dialog"
      footer={row && d ? <ReceiptActions d={d} locale={locale} /> : undefined}
    >
      {row ? (
        <div className={layout.stack} data-testid="receipt-state" data-phase={server.phase} aria-live="polite">
          {server.phase === "error" ? (
            <p className={layout.muted} role="status">
              {t(server.key)}
            </p>
          ) : null}
          {model && d ? <ReceiptView model={model} d={d} /> : <Skeleton height={160} />}
          {/* issue 32 item 1 MED: a sent Pix can be contested from its receipt (D-pix-med) */}
          {row.pending !== true && row.end_to_end_id !== null && isContestable(row) ? (
            <Link to={lp(medOpenPath({ ...row, end_to_end_id: row.end_to_end_id }))} onClick={onClose} data-testid="receipt-contest">
              {t("receipt:actions.contest")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  )
})

/**
 * The end of a flow that moved money: "View receipt" once the command's statement row exists (the pending
 * row while it is open, then the synced one), opening the receipt dialog.
 */
export function ReceiptAction({
  walletId,
  commandId,
  extra
}: {
  readonly walletId: string | null | undefined
  readonly commandId: string | null | undefined
  readonly extra?: ReceiptExtra
}) {
  const { t } = useTranslation()
  const found = useCommandReceiptRow(walletId, commandId)
  const [open, setOpen] = useState(false)
  const merged = useMemo<ReceiptExtra>(() => ({ ...extra, ...(found?.received ? { received: found.received } : {}) }), [extra, found])
  return (
    <>
      <Button
        variant="secondary"
        disabled={found === null}
        onClick={() => setOpen(true)}
        data-testid="receipt-open"
        title={found === null ? t("receipt:waiting") : undefined}
      >
        {t("receipt:actions.open")}
      </Button>
      <ReceiptDialog row={open && found ? found.row : null} extra={merged} onClose={() => setOpen(false)} />
    </>
  )
}

/**
 * For pages whose commands end in a toast (useCommandRunner: a gateway order's refund, an apportionment paid):
 * the receipt of this wallet's latest confirmed command of that name, while the page is open.
 */
export function LatestReceiptAction({
  walletId,
  name,
  extra
}: {
  readonly walletId: string | null | undefined
  readonly name: string
  readonly extra?: ReceiptExtra
}) {
  const commands = useLiveQuery({ kind: "commands" })
  const latest = useMemo(
    () =>
      (commands ?? [])
        .filter((c) => c.body.name === name && c.state === "confirmed" && c.wallet_id === walletId && c.outcome !== "awaiting_approval")
        .reduce<{ readonly id: string; readonly created_at: string } | null>((a, c) => (a === null || c.created_at > a.created_at ? c : a), null),
    [commands, name, walletId]
  )
  if (latest === null) return null
  return (
    <div className={s.actions} data-testid="receipt-latest" data-command-id={latest.id}>
      <ReceiptAction walletId={walletId} commandId={latest.id} {...(extra ? { extra } : {})} />
    </div>
  )
}
