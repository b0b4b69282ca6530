/**
 * One request of the live approval queue (spec features §3 "approval request: status plus data
 * of the payment awaiting approval", §4 cut-off, §6 "a request needs the set number of
 * approvers"): the payment's data, k of N approvals and who decided, the countdown to the
 * 23:59:59 cut-off, and approve / reject (with `aria-keyshortcuts` a / r); the quorum line (issue 32 item 3: who
 * approved and when, who is still awaited); to the requester only "withdraw" (D-approval-quorum). While my decision is
 * in flight (the engine's `pendingDecision`, or a command waiting for the PIN) the card says so
 * and the buttons are gone, so a second click cannot make a second decision.
 */
import { forwardRef, useId } from "react"
import { useTranslation } from "react-i18next"
import type { ApprovalRequestView, CommandView } from "../../../workers/results.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Badge, Button } from "../../ui/index.ts"
import { approvalsOf, canApprove, type MyDecision } from "./approval-rules.ts"
import { vars } from "../../ui/index.ts"
import * as s from "./approval.css.ts"
import { Countdown } from "./countdown.tsx"
import { quorumText } from "./quorum-text.ts"

export interface RequestCardProps {
  readonly request: ApprovalRequestView
  readonly selected: boolean
  readonly decision: MyDecision
  readonly command: CommandView | undefined
  readonly canDecide: boolean
  /** May withdraw their own request without the decision permission (a CLIENT requester, D-approval-quorum). */
  readonly canWithdraw?: boolean
  readonly meId: string | null
  readonly onSelect: () => void
  readonly onApprove: () => void
  readonly onReject: () => void
  /** The requester's own request: withdraw it (a reproval by the requester, D-approval-quorum). */
  readonly onWithdraw: () => void
}

export const RequestCard = forwardRef<HTMLElement, RequestCardProps>(function RequestCard(
  { request: r, selected, decision, command, canDecide, canWithdraw = false, meId, onSelect, onApprove, onReject, onWithdraw },
  ref
) {
  const { t } = useTranslation()
  const f = useFormat()
  const titleId = useId()
  const k = approvalsOf(r)
  const n = r.required_approvals
  const progress = t("approval:requests.progress", { count: k, total: n })
  const amount = f.brl(r.amount)
  const p = r.payment
  const pending = decision === "pending-approve" || decision === "pending-reject"
  // issue 32 item 3 (D-approval-quorum): the requester is never offered Approve (the sandbox refuses it, 403); they may withdraw
  const own = !canApprove(r, meId)
  const quorum = quorumText(r, t, f.locale)
  const detail = (label: string, value: string) => (
    <div className={s.detail}>
      <dt className={s.dt}>{label}</dt>
      <dd className={s.dd}>{value}</dd>
    </div>
  )
  // The queue is a roving-tabindex list (j/k and ↓/↑ move, a/r decide: requests-page.tsx): a card is selected
  // by taking focus (Tab or j/k), and a click selects it the same way, so the keyboard has everything the mouse has.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events -- selection follows focus (onFocus); the click is the pointer's way to the same focus
    <article
      ref={ref}
      className={s.card}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the selected card is the list's one tab stop (roving tabindex, as in the ARIA feed pattern)
      tabIndex={selected ? 0 : -1}
      aria-labelledby={`${titleId}-amount ${titleId}`}
      aria-current={selected ? "true" : undefined}
      data-testid="approval-request"
      data-request-id={r.id}
      data-selected={selected}
      data-pending={pending}
      onClick={onSelect}
      onFocus={onSelect}
    >
      <div className={s.cardMain}>
        <div className={s.cardTop}>
          <span className={s.amount} id={`${titleId}-amount`} data-testid="approval-amount">
            {amount}
          </span>
          <h3 className={s.beneficiary} id={titleId}>
            {p.beneficiary_name}
          </h3>
        </div>
        <dl className={s.details}>
          {detail(t("approval:fields.key"), `${p.key} · ${t(`approval:keyTypes.${p.key_type}`)}`)}
          {detail(t("approval:fields.document"), f.document(p.beneficiary_document))}
          {detail(t("approval:fields.bank"), p.beneficiary_bank)}
          {p.description ? detail(t("approval:fields.description"), p.description) : null}
          {detail(t("approval:fields.requestedBy"), r.requested_by_name)}
          {detail(t("approval:fields.createdAt"), f.dateTime(r.created_at))}
        </dl>
      </div>
      <div className={s.side}>
        <Countdown expiresAt={r.expires_at} />
        <div className={s.progressRow}>
          <span className={s.progressText} data-testid="approval-progress" data-approvals={k} data-required={n}>
            {progress}
          </span>
          <div
            className={s.bar}
            role="progressbar"
            aria-label={t("approval:requests.progressLabel")}
            aria-valuemin={0}
            aria-valuemax={n}
            aria-valuenow={k}
            aria-valuetext={progress}
          >
            {n <= 12 ? (
              Array.from({ length: n }, (_, i) => <span key={i} className={[s.barStep, i < k ? s.barDone : ""].join(" ")} />)
            ) : (
              <span className={s.barStep} style={{ background: `linear-gradient(90deg, ${vars.color.success} ${(100 * k) / n}%, transparent 0)` }} />
            )}
          </div>
        </div>
        <p className={s.quorum} data-testid="approval-quorum" data-awaiting={(r.awaiting ?? []).map((a) => a.user_id).join(" ")}>
          {quorum}
        </p>
        <ul className={s.decisions} data-testid="approval-decisions" aria-label={t("approval:fields.approvers")}>
          {r.approvals.length === 0 ? (
            <li>{t("approval:requests.noDecisions")}</li>
          ) : (
            r.approvals.map((a) => (
              <li key={a.user_id}>
                {t("approval:requests.decidedBy", { name: a.user_name, decision: t(`approval:decision.${a.decision}`), at: f.dateTime(a.decided_at) })}
              </li>
            ))
          )}
        </ul>
        {pending ? (
          <Badge tone="info" role="status" data-testid="approval-pending">
            {command?.state === "awaiting-pin"
              ? t("approval:requests.awaitingPin")
              : decision === "pending-approve"
                ? t("approval:requests.pendingApprove")
                : own
                  ? t("approval:requests.pendingWithdraw")
                  : t("approval:requests.pendingReject")}
          </Badge>
        ) : decision === "approved" ? (
          <Badge tone="success" data-testid="approval-mine">
            {t("approval:requests.youApproved")}
          </Badge>
        ) : decision === "reproved" ? (
          <Badge tone="danger" data-testid="approval-mine">
            {own ? t("approval:requests.youWithdrew") : t("approval:requests.youRejected")}
          </Badge>
        ) : (canDecide || canWithdraw) && own ? (
          <>
            <div className={s.buttons}>
              <Button
                variant="danger"
                size="sm"
                onClick={(e) => {
                  e.stopPropagation()
                  onWithdraw()
                }}
                aria-keyshortcuts="r"
                aria-label={t("approval:requests.withdrawFor", { amount, name: p.beneficiary_name })}
                data-testid="approval-withdraw"
              >
                {t("approval:requests.withdraw")}
              </Button>
            </div>
            <p className={s.note} data-testid="approval-own">
              {t("approval:requests.ownRequest")}
            </p>
          </>
        ) : canDecide ? (
          <div className={s.buttons}>
            <Button
              variant="danger"
              size="sm"
              onClick={(e) => {
                e.stopPropagation()
                onReject()
              }}
              aria-keyshortcuts="r"
              aria-label={t("approval:requests.rejectFor", { amount, name: p.beneficiary_name })}
              data-testid="approval-reject"
            >
              {t("approval:requests.reject")}
            </Button>
            <Button
              size="sm"
              onClick={(e) => {
                e.stopPropagation()
                onApprove()
              }}
              aria-keyshortcuts="a"
              aria-label={t("approval:requests.approveFor", { amount, name: p.beneficiary_name })}
              data-testid="approval-approve"
            >
              {t("approval:requests.approve")}
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  )
})
