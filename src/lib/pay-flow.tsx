/**
 * The views of the one payment flow (issue 29 item 4, D-pay-flow), driven by `usePayFlow` (./use-pay-flow.ts):
 * `PayReviewDialog`, the review-and-confirm dialog before the PIN (the shell asks the PIN once the command
 * waits for it), and `PayOutcome`, the command followed to its end — pending (waiting for the PIN, sending),
 * done (with the receipt of issue 31 item 1), staged for approval (nothing moved; a link to the requests),
 * refused (the catalogue's message) or cancelled. A flow gives its texts as an i18n prefix (`pix:pay`: its
 * `awaitingPin`, `sending`, `done`, `refused`, `cancelled`, `stagedTitle`, `stagedText`, `again`), its test id
 * prefix, and its receipt rows as children.
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button, Card, ConfirmDialog, layout } from "../ui/index.ts"
import { escapeHtml } from "./html.ts"
import { ReceiptAction } from "./receipt-view.tsx"
import { useLocalePath } from "./use-locale-path.ts"
import type { ReceiptExtra } from "./use-receipt.ts"
import type { PayFlow } from "./use-pay-flow.ts"

export interface PayReviewDialogProps<R> {
  readonly flow: Pick<PayFlow<R>, "reviewing" | "answer">
  readonly title: string
  /** The sentence the payer confirms (plain text: escaped here). */
  readonly text: (review: R) => string
  readonly confirmLabel: string
  /** "Edit" rather than "Cancel" where the form is the flow's review too. */
  readonly cancelLabel?: string
  /** More to review under the sentence (a flow's rows, a choice that changes what is sent). */
  readonly children?: ReactNode
  readonly testIds?: { readonly confirm?: string; readonly cancel?: string }
  /** "danger" for what cannot be undone (a card's deletion): the confirm button says so. */
  readonly variant?: "default" | "danger"
}

/** Review and confirm: what will be paid, to whom, said once more before the PIN. */
export function PayReviewDialog<R>({ flow, title, text, confirmLabel, cancelLabel, children, testIds, variant }: PayReviewDialogProps<R>) {
  const { t } = useTranslation()
  const r = flow.reviewing
  return (
    <ConfirmDialog
      open={r !== null}
      title={title}
      html={r !== null ? escapeHtml(text(r)) : ""}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel ?? t("common:actions.cancel")}
      onAnswer={flow.answer}
      {...(testIds ? { testIds } : {})}
      {...(variant ? { variant } : {})}
    >
      {r !== null ? children : null}
    </ConfirmDialog>
  )
}

/** features §6: a payment staged for approval says so (nothing left the account) and leads to the requests. */
export function PayStagedNote({ text, testId }: { readonly text: string; readonly testId: string }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  return (
    <p data-testid={testId}>
      {text} <Link to={lp("/control-panel/security/approval/requests")}>{t("common:payFlow.seeApprovals")}</Link>
    </p>
  )
}

export interface PayOutcomeProps {
  readonly flow: Pick<PayFlow<unknown>, "command" | "phase" | "again">
  /** Test ids: `<testId>-result` (with data-state, data-command-id, data-outcome), `-error`, `-again`, `-staged`. */
  readonly testId: string
  /** The i18n prefix of the flow's texts (PAY_TEXTS of ./use-pay-flow.ts). */
  readonly texts: string
  /** The title of a done payment when the flow's `done` is not it (a schedule). */
  readonly doneTitle?: string | undefined
  /** More data-* attributes on the result. */
  readonly attrs?: Readonly<Record<`data-${string}`, string>>
  /** What was paid, for the staged note ({{amount}}, {{name}}). */
  readonly summary?: { readonly amount: string; readonly name: string }
  /** The flow's receipt rows and notes, under the title. */
  readonly children?: ReactNode
  /** Said after the refusal's message, in the same line (when a closed window opens). */
  readonly errorSuffix?: string | undefined
  /** Said after the refusal (what is left of a limit). */
  readonly errorNote?: ReactNode
  /** A done payment offers its receipt with what the flow knows besides its row; null: none (a schedule moved no money). */
  readonly receipt?: ReceiptExtra | null
  /** Buttons before "again" (back to the form). */
  readonly actions?: ReactNode
  /** Without "again" (a page that keeps its form beside the outcome). */
  readonly noAgain?: boolean
  readonly onAgain?: () => void
}

/** The command of a payment followed to its end. Renders nothing before a command is sent. */
export function PayOutcome(p: PayOutcomeProps) {
  const { t } = useTranslation()
  const { command, phase } = p.flow
  if (command === null || phase === null) return null
  const title =
    phase === "pending"
      ? t(command.state === "awaiting-pin" ? `${p.texts}.awaitingPin` : `${p.texts}.sending`)
      : phase === "done"
        ? (p.doneTitle ?? t(`${p.texts}.done`))
        : phase === "staged"
          ? t(`${p.texts}.stagedTitle`)
          : t(`${p.texts}.${phase}`)
  return (
    <Card>
      <div
        className={layout.stack}
        role="status"
        data-testid={`${p.testId}-result`}
        data-state={command.state}
        data-command-id={command.id}
        data-outcome={command.outcome ?? ""}
        {...p.attrs}
      >
        <h2>{title}</h2>
        {phase === "staged" ? <PayStagedNote text={t(`${p.texts}.stagedText`, p.summary ?? { amount: "", name: "" })} testId={`${p.testId}-staged`} /> : null}
        {p.children}
        {command.error_key ? (
          <p className={layout.errorText} data-testid={`${p.testId}-error`} data-key={command.error_key}>
            {t(`errors:${command.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            {p.errorSuffix ? ` ${p.errorSuffix}` : ""}
          </p>
        ) : null}
        {p.errorNote}
        {phase !== "pending" ? (
          <div className={layout.row}>
            {p.actions}
            {p.noAgain ? null : (
              <Button
                variant={p.actions ? "secondary" : "primary"}
                onClick={() => {
                  p.flow.again()
                  p.onAgain?.()
                }}
                data-testid={`${p.testId}-again`}
              >
                {t(`${p.texts}.again`)}
              </Button>
            )}
            {phase === "done" && p.receipt !== null ? <ReceiptAction walletId={command.wallet_id} commandId={command.id} extra={p.receipt ?? {}} /> : null}
          </div>
        ) : null}
      </div>
    </Card>
  )
}
