/**
 * Pix Automático (spec features §2 automatic-pix — any of the scheduled payments, automatic authorization
 * or automatic payments permissions —, §3 "on screen an authorization shows: debtor, payment purpose,
 * first payment, frequency, deadline, maximum value, identifier code", §4 statuses and actions, approve by
 * QR code, automatic payments; issue 13). The synced lists `pix_automatic_authorizations` and
 * `pix_automatic_payments`, live; every action a command through the outbox (approving and changing the
 * maximum value with the PIN step), shown at once as pending; a composite BR Code read with the Pix decoder
 * before the sandbox is asked what it carries. docs/decisions.md "Pix Automático".
 */
import { useMemo, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine, useList, useLiveQuery } from "../../../workers/client.ts"
import {
  automaticQrId,
  canDo,
  maxValueError,
  type AutomaticAuthorization,
  type AutomaticPayment,
  type AuthorizationStatus
} from "../../../schema/pix-automatic.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { showDay } from "../../lib/days-ahead.tsx"
import { escapeHtml } from "../../lib/html.ts"
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  EmptyState,
  MoneyField,
  PasteButton,
  Skeleton,
  TextField,
  centsToInput,
  layout,
  type Tone
} from "../../ui/index.ts"
import * as s from "./pix-schedule.css.ts"
import { Shell } from "./schedule-shell.tsx"
import { isFinished } from "../../lib/command-phase.ts"

const authTone: Record<AuthorizationStatus, Tone> = { PENDING: "warning", ACTIVE: "success", CANCELLED: "neutral", EXPIRED: "neutral", REFUSED: "danger" }
const payTone: Record<AutomaticPayment["status"], Tone> = { SCHEDULED: "info", EXECUTED: "success", FAILED: "danger", CANCELLED: "neutral" }

/** features §3: what an authorization shows — debtor, payment purpose, first payment, frequency, deadline, maximum value, identifier code. */
function Details({ a }: { readonly a: AutomaticAuthorization }) {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <dl className={layout.dl} data-testid="automatic-details">
      <dt className={layout.dt}>{t("pixSchedule:automatic.beneficiary")}</dt>
      <dd className={layout.dd}>
        {a.beneficiary_name} · {f.document(a.beneficiary_document)}
      </dd>
      <dt className={layout.dt}>{t("pixSchedule:automatic.debtor")}</dt>
      <dd className={layout.dd}>
        {a.debtor_name} · {f.document(a.debtor_document)}
      </dd>
      <dt className={layout.dt}>{t("pixSchedule:automatic.purpose")}</dt>
      <dd className={layout.dd}>{a.contract_description}</dd>
      <dt className={layout.dt}>{t("pixSchedule:automatic.firstPayment")}</dt>
      <dd className={layout.dd}>{showDay(a.start_date)}</dd>
      <dt className={layout.dt}>{t("pixSchedule:automatic.frequency")}</dt>
      <dd className={layout.dd}>
        {t(`pixSchedule:frequency.${a.frequency}`)}
        {a.end_date ? ` · ${t("pixSchedule:recurrence.until", { date: showDay(a.end_date) })}` : ""}
      </dd>
      <dt className={layout.dt}>{a.value !== null ? t("pixSchedule:automatic.fixedValue") : t("pixSchedule:automatic.variableValue")}</dt>
      <dd className={layout.dd}>
        {a.value !== null
          ? f.brl(a.value)
          : a.floor_max_value !== null
            ? t("pixSchedule:automatic.floor", { value: f.brl(a.floor_max_value) })
            : t("pixSchedule:automatic.variable")}
      </dd>
      <dt className={layout.dt}>{t("pixSchedule:automatic.maxValue")}</dt>
      <dd className={layout.dd} data-testid="automatic-max">
        {a.payment_max_value !== null ? f.brl(a.payment_max_value) : t("pixSchedule:automatic.noMax")}
      </dd>
      {a.status === "PENDING" ? (
        <>
          <dt className={layout.dt}>{t("pixSchedule:automatic.deadline")}</dt>
          <dd className={layout.dd}>{showDay(a.request_expiration_date)}</dd>
        </>
      ) : null}
      <dt className={layout.dt}>{t("pixSchedule:automatic.identifier")}</dt>
      <dd className={layout.dd}>{a.contract_number}</dd>
    </dl>
  )
}

/** The maximum value asked on approving or changing it (features §3 payment_max_value; rule PA-MAX). */
function MaxDialog({
  target,
  mode,
  busy,
  onClose,
  onDone
}: {
  readonly target: AutomaticAuthorization | null
  readonly mode: "approve" | "change"
  readonly busy: boolean
  readonly onClose: () => void
  readonly onDone: (max: number | null) => void
}) {
  const { t } = useTranslation()
  const f = useFormat()
  const [text, setText] = useState("")
  const [cents, setCents] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [seen, setSeen] = useState<string | null>(null)
  if (target !== null && seen !== target.id) {
    setSeen(target.id)
    setText(target.payment_max_value !== null ? centsToInput(target.payment_max_value, f.locale) : "")
    setCents(target.payment_max_value)
    setError(null)
  }
  const submit = (e: FormEvent): void => {
    e.preventDefault()
    if (target === null) return
    const err = maxValueError(target, cents)
    if (err !== null) {
      setError(t(err === "VALIDATION_MIN_VALUE" ? "pixSchedule:form.amountRequired" : `errors:${err}`))
      return
    }
    onDone(cents)
  }
  const floor = target?.value ?? target?.floor_max_value ?? null
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(o) => {
        if (!o) {
          setSeen(null)
          onClose()
        }
      }}
      testId="automatic-max-dialog"
      title={t(mode === "approve" ? "pixSchedule:automatic.approveTitle" : "pixSchedule:automatic.changeMaxTitle")}
    >
      {target !== null ? (
        <form onSubmit={submit} className={layout.stack} noValidate>
          <p>{t(mode === "approve" ? "pixSchedule:automatic.approveText" : "pixSchedule:automatic.changeMaxText", { name: target.beneficiary_name })}</p>
          {mode === "approve" ? <Details a={target} /> : null}
          <MoneyField
            label={t("pixSchedule:automatic.maxField")}
            value={text}
            error={error}
            hint={floor !== null ? t("pixSchedule:automatic.maxHintFloor", { value: f.brl(floor) }) : t("pixSchedule:automatic.maxHint")}
            onChange={(v, c) => {
              setText(v)
              setCents(c)
              setError(null)
            }}
            data-testid="automatic-max-value"
          />
          <div className={layout.actions}>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setSeen(null)
                onClose()
              }}
            >
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" busy={busy} data-testid="automatic-max-confirm">
              {t(mode === "approve" ? "pixSchedule:automatic.approve" : "pixSchedule:automatic.saveMax")}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  )
}

/** features §4 approve by QR code: the code read with the Pix decoder, then what it carries asked of the bank. */
function QrApproval({ walletId, onRead }: { readonly walletId: string | null; readonly onRead: (a: AutomaticAuthorization, code: string) => void }) {
  const { t } = useTranslation()
  const [code, setCode] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const read = async (): Promise<void> => {
    setError(null)
    const typed = code.trim()
    const local = automaticQrId(typed)
    if (!local.ok) {
      setError(t(`errors:${local.error}`))
      return
    }
    if (walletId === null) return
    setReading(true)
    try {
      const r = await getEngine().call("automaticAuthorizationByQr", { walletId, query: { qr_code: typed } })
      onRead(r.data, typed)
    } catch (err) {
      setError(t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    } finally {
      setReading(false)
    }
  }
  return (
    <form
      className={layout.stack}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void read()
      }}
      data-testid="automatic-qr-form"
    >
      <TextField
        label={t("pixSchedule:automatic.qrCode")}
        hint={t("pixSchedule:automatic.qrHint")}
        value={code}
        error={error}
        autoComplete="off"
        onChange={(v) => {
          setCode(v)
          setError(null)
        }}
        data-testid="automatic-qr-code"
      />
      <div>
        {/* issue 31 item 5: a paste button where a code is typed (D-locale-input "Messages that stay") */}
        <PasteButton
          label={t("pixSchedule:automatic.qrPaste")}
          onPaste={(text) => {
            setCode(text)
            setError(null)
          }}
          data-testid="automatic-qr-paste"
        />
      </div>
      <div>
        <Button type="submit" variant="secondary" busy={reading} data-testid="automatic-qr-read">
          {t("pixSchedule:automatic.qrRead")}
        </Button>
      </div>
    </form>
  )
}

export function AutomaticPixPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const walletId = wallet?.id ?? null
  const auths = useList("pix_automatic_authorizations", walletId)
  const payments = useList("pix_automatic_payments", walletId)
  const { send, busy } = useCommandRunner(walletId, "pixSchedule:failed")
  const commands = useLiveQuery({ kind: "commands" })
  // the rows under a command still on its way (shown as pending until the list says what happened)
  const underCommand = useMemo(
    () =>
      new Set(
        (commands ?? []).filter((c) => c.body.name.startsWith("v1.pixAutomatic.") && !isFinished(c.state)).map((c) => (c.body.payload as { id: string }).id)
      ),
    [commands]
  )
  const [approving, setApproving] = useState<{ readonly a: AutomaticAuthorization; readonly qr: string | null } | null>(null)
  const [changing, setChanging] = useState<AutomaticAuthorization | null>(null)
  const [rejecting, setRejecting] = useState<AutomaticAuthorization | null>(null)
  const [canceling, setCanceling] = useState<AutomaticAuthorization | null>(null)
  const [cancelingPayment, setCancelingPayment] = useState<AutomaticPayment | null>(null)
  const pending = (auths ?? []).filter((a) => a.status === "PENDING")
  const others = (auths ?? []).filter((a) => a.status !== "PENDING")
  const nameOf = new Map((auths ?? []).map((a) => [a.id, a]))

  const approve = (max: number | null): void => {
    if (approving === null) return
    const { a, qr } = approving
    const m = max !== null ? { payment_max_value: max } : {}
    if (qr !== null) send({ name: "v1.pixAutomatic.approveByQr", payload: { qr_code: qr, id: a.id, ...m } }, a.id, "pixSchedule:automatic.approved")
    else send({ name: "v1.pixAutomatic.approve", payload: { id: a.id, ...m } }, a.id, "pixSchedule:automatic.approved")
    setApproving(null)
  }

  const row = (a: AutomaticAuthorization) => {
    const isPending = underCommand.has(a.id)
    return (
      <li key={a.id} className={s.automaticItem} data-testid="automatic-row" data-id={a.id} data-status={a.status} data-contract={a.contract_description}>
        <div className={layout.spread}>
          <strong>{a.beneficiary_name}</strong>
          <span className={layout.row}>
            <span className={s.amount}>{a.value !== null ? f.brl(a.value) : t("pixSchedule:automatic.variable")}</span>
            <Badge tone={isPending ? "warning" : authTone[a.status]}>
              {isPending ? t("pixSchedule:status.pending") : t(`pixSchedule:automatic.status.${a.status}`)}
            </Badge>
          </span>
        </div>
        <Details a={a} />
        {!isPending ? (
          <div className={layout.row}>
            {canDo(a.status, "approve") ? (
              <Button
                size="sm"
                onClick={() => setApproving({ a, qr: null })}
                busy={busy.has(a.id)}
                data-testid="automatic-approve"
                aria-label={t("pixSchedule:automatic.approveOf", { name: a.beneficiary_name })}
              >
                {t("pixSchedule:automatic.approve")}
              </Button>
            ) : null}
            {canDo(a.status, "reject") ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setRejecting(a)}
                data-testid="automatic-reject"
                aria-label={t("pixSchedule:automatic.rejectOf", { name: a.beneficiary_name })}
              >
                {t("pixSchedule:automatic.reject")}
              </Button>
            ) : null}
            {canDo(a.status, "changeMax") ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setChanging(a)}
                data-testid="automatic-change-max"
                aria-label={t("pixSchedule:automatic.changeMaxOf", { name: a.beneficiary_name })}
              >
                {t("pixSchedule:automatic.changeMax")}
              </Button>
            ) : null}
            {canDo(a.status, "cancel") ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setCanceling(a)}
                data-testid="automatic-cancel"
                aria-label={t("pixSchedule:automatic.cancelOf", { name: a.beneficiary_name })}
              >
                {t("pixSchedule:automatic.cancel")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </li>
    )
  }

  return (
    <Shell section="automatic">
      <Card title={t("pixSchedule:automatic.requests")} data-testid="automatic-pending">
        {auths === undefined ? (
          <Skeleton height={120} />
        ) : pending.length === 0 ? (
          <EmptyState title={t("pixSchedule:automatic.noRequests")} />
        ) : (
          <ul className={s.items}>{pending.map(row)}</ul>
        )}
      </Card>
      <Card title={t("pixSchedule:automatic.byQr")}>
        <QrApproval walletId={walletId} onRead={(a, qr) => setApproving({ a, qr })} />
      </Card>
      <Card title={t("pixSchedule:automatic.list")} data-testid="automatic-authorizations">
        {auths === undefined ? (
          <Skeleton height={120} />
        ) : others.length === 0 ? (
          <EmptyState title={t("pixSchedule:automatic.empty")} />
        ) : (
          <ul className={s.items}>{others.map(row)}</ul>
        )}
      </Card>
      <Card title={t("pixSchedule:automatic.payments")} data-testid="automatic-payments">
        {payments === undefined ? (
          <Skeleton height={120} />
        ) : payments.length === 0 ? (
          <EmptyState title={t("pixSchedule:automatic.noPayments")} />
        ) : (
          <ul className={s.items}>
            {payments.map((p) => {
              const isPending = underCommand.has(p.id)
              return (
                <li
                  key={p.id}
                  className={s.item}
                  data-testid="automatic-payment-row"
                  data-id={p.id}
                  data-status={p.status}
                  data-date={p.payment_date}
                  data-amount={p.amount}
                  data-authorization={p.authorization_id}
                  data-operation-id={p.operation_id}
                >
                  <strong>{showDay(p.payment_date)}</strong>
                  <span className={s.who}>
                    <span>{p.beneficiary_name}</span>
                    <span className={layout.muted}>
                      {p.contract_description}
                      {nameOf.get(p.authorization_id)?.contract_number ? ` · ${nameOf.get(p.authorization_id)?.contract_number ?? ""}` : ""}
                    </span>
                    {p.failure_reason ? (
                      <span className={layout.errorText} data-testid="automatic-payment-failure">
                        {t(`pixSchedule:automatic.failure.${p.failure_reason}`)}
                      </span>
                    ) : null}
                  </span>
                  <span className={s.amount}>{f.brl(p.amount)}</span>
                  <Badge tone={isPending ? "warning" : payTone[p.status]}>
                    {isPending ? t("pixSchedule:status.pending") : t(`pixSchedule:automatic.paymentStatus.${p.status}`)}
                  </Badge>
                  {p.status === "SCHEDULED" && !isPending ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setCancelingPayment(p)}
                      data-testid="automatic-payment-cancel"
                      aria-label={t("pixSchedule:automatic.cancelPaymentOf", { name: p.beneficiary_name, date: showDay(p.payment_date) })}
                    >
                      {t("pixSchedule:automatic.cancelPayment")}
                    </Button>
                  ) : (
                    <span />
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </Card>
      <MaxDialog target={approving?.a ?? null} mode="approve" busy={false} onClose={() => setApproving(null)} onDone={approve} />
      <MaxDialog
        target={changing}
        mode="change"
        busy={false}
        onClose={() => setChanging(null)}
        onDone={(max) => {
          if (changing !== null)
            send({ name: "v1.pixAutomatic.changeMax", payload: { id: changing.id, payment_max_value: max } }, changing.id, "pixSchedule:automatic.maxChanged")
          setChanging(null)
        }}
      />
      <ConfirmDialog
        open={rejecting !== null}
        title={t("pixSchedule:automatic.rejectTitle")}
        html={rejecting ? escapeHtml(t("pixSchedule:automatic.rejectText", { name: rejecting.beneficiary_name })) : ""}
        confirmLabel={t("pixSchedule:automatic.reject")}
        cancelLabel={t("pixSchedule:scheduled.keep")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes && rejecting) send({ name: "v1.pixAutomatic.reject", payload: { id: rejecting.id } }, rejecting.id, "pixSchedule:automatic.rejected")
          setRejecting(null)
        }}
      />
      <ConfirmDialog
        open={canceling !== null}
        title={t("pixSchedule:automatic.cancelTitle")}
        html={canceling ? escapeHtml(t("pixSchedule:automatic.cancelText", { name: canceling.beneficiary_name })) : ""}
        confirmLabel={t("pixSchedule:automatic.cancel")}
        cancelLabel={t("pixSchedule:scheduled.keep")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes && canceling) send({ name: "v1.pixAutomatic.cancel", payload: { id: canceling.id } }, canceling.id, "pixSchedule:automatic.canceled")
          setCanceling(null)
        }}
      />
      <ConfirmDialog
        open={cancelingPayment !== null}
        title={t("pixSchedule:automatic.cancelPaymentTitle")}
        html={
          cancelingPayment
            ? escapeHtml(
                t("pixSchedule:automatic.cancelPaymentText", {
                  amount: f.brl(cancelingPayment.amount),
                  name: cancelingPayment.beneficiary_name,
                  date: showDay(cancelingPayment.payment_date)
                })
              )
            : ""
        }
        confirmLabel={t("pixSchedule:automatic.cancelPayment")}
        cancelLabel={t("pixSchedule:scheduled.keep")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes && cancelingPayment)
            send({ name: "v1.pixAutomatic.cancelPayment", payload: { id: cancelingPayment.id } }, cancelingPayment.id, "pixSchedule:automatic.paymentCanceled")
          setCancelingPayment(null)
        }}
      />
    </Shell>
  )
}
