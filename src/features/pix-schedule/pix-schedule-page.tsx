/**
 * Pix scheduling (spec features §2 scheduled-pix — permission get-pix-payments — and recurrence-pix
 * — get-all-pix-recurrence —, automatic-pix, automatic-withdraw; §3 recurrence fields; §4 cancel by
 * operation id, deactivate, days 29–31, above the maximum value; §5/§9 up to 60 days ahead; issue
 * 13): the synced lists `scheduled_pix` and `pix_recurrences`, live; a Pix by key scheduled for a
 * date (the key decoded to its holder before confirming, then the PIN step: a command through the
 * outbox, shown at once as pending); cancel and deactivate as commands; the days ahead calendar
 * computed locally (src/lib/days-ahead.tsx). Pix Automático is its own file (automatic-pix-page.tsx), and so
 * are automatic withdrawals (withdraw-page.tsx).
 */
import { useMemo, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import { getEngine, useList, useLiveQuery } from "../../../workers/client.ts"
import { isValidPixKey, hasNoEmoji, hasNoSpecialCharacters } from "../../../schema/validation.ts"
import { isSchedulableDate, SCHEDULE_MAX_DAYS } from "../../../schema/schedule.ts"
import { nextOccurrences, RECURRENCE_START_MAX_DAYS, type PixRecurrence, type ScheduledPix } from "../../../schema/pix-schedule.ts"
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { AheadWarning, DaysAheadCalendar, showDay, useDaysAhead } from "../../lib/days-ahead.tsx"
import { Badge, Button, Card, ConfirmDialog, EmptyState, MoneyField, Select, Skeleton, TextField, layout, type Tone } from "../../ui/index.ts"
import * as s from "./pix-schedule.css.ts"
import { Shell } from "./schedule-shell.tsx"
import { escapeHtml } from "../../lib/html.ts"
import { isFinished } from "../../lib/command-phase.ts"

const DAY = 86_400_000
const todayKey = (): string => saoPauloDateKey(new Date())
const dayIn = (n: number): string => saoPauloDateKey(new Date(Date.now() + n * DAY))

interface Decoded {
  readonly key: string
  readonly key_type: string
  readonly beneficiary_name: string
  readonly beneficiary_document: string
  readonly beneficiary_bank: string
}
type KeyType = "cpf" | "cnpj" | "email" | "phone" | "random"

/** features §7 decode by key: the key → who receives it, before anything is confirmed. */
function KeyLookup({ decoded, onDecoded }: { readonly decoded: Decoded | null; readonly onDecoded: (d: Decoded | null) => void }) {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const [key, setKey] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [looking, setLooking] = useState(false)
  const lookUp = async (): Promise<void> => {
    setError(null)
    onDecoded(null)
    const typed = key.trim()
    if (!isValidPixKey(typed)) {
      setError(t("pixSchedule:form.invalidKey"))
      return
    }
    if (!wallet) return
    setLooking(true)
    try {
      const r = await getEngine().call("pixDecodeByKey", { walletId: wallet.id, query: { key: typed } })
      onDecoded(r.data)
    } catch (err) {
      setError(t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    } finally {
      setLooking(false)
    }
  }
  return (
    <div className={layout.stack}>
      <TextField
        label={t("pixSchedule:form.key")}
        hint={t("pixSchedule:form.keyHint")}
        value={key}
        error={error}
        autoComplete="off"
        data-testid="schedule-key"
        onChange={(v) => {
          setKey(v)
          onDecoded(null)
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault()
            void lookUp()
          }
        }}
      />
      <div>
        <Button
          type="button"
          variant="secondary"
          busy={looking}
          onClick={() => {
            void lookUp()
          }}
          data-testid="schedule-key-lookup"
        >
          {t("pixSchedule:form.lookUp")}
        </Button>
      </div>
      {decoded ? (
        <dl className={s.beneficiary} data-testid="schedule-beneficiary">
          <dt>{t("pixSchedule:form.receiver")}</dt>
          <dd data-testid="schedule-beneficiary-name">{decoded.beneficiary_name}</dd>
          <dt>{t("pixSchedule:form.document")}</dt>
          <dd>{decoded.beneficiary_document}</dd>
          <dt>{t("pixSchedule:form.bank")}</dt>
          <dd>{decoded.beneficiary_bank}</dd>
        </dl>
      ) : null}
    </div>
  )
}

const statusTone: Record<ScheduledPix["status"], Tone> = { scheduled: "info", executed: "success", failed: "danger", canceled: "neutral" }

function descriptionError(d: string): boolean {
  return [...d].length > 140 || !hasNoEmoji(d) || !hasNoSpecialCharacters(d)
}

// ── scheduled-pix ───────────────────────────────────────────────────────────
export function ScheduledPixPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const rows = useList("scheduled_pix", wallet?.id ?? null)
  const ahead = useDaysAhead(wallet?.id ?? null)
  const commands = useLiveQuery({ kind: "commands" })
  const { send, refusals, busy } = useCommandRunner(wallet?.id ?? null, "pixSchedule:failed")
  const [decoded, setDecoded] = useState<Decoded | null>(null)
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [date, setDate] = useState(dayIn(1))
  const [description, setDescription] = useState("")
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [confirming, setConfirming] = useState(false)
  const [canceling, setCanceling] = useState<ScheduledPix | null>(null)
  const cancelPending = useMemo(
    () =>
      new Set(
        (commands ?? []).filter((c) => c.body.name === "v1.pixSchedule.cancel" && !isFinished(c.state)).map((c) => (c.body.payload as { id: string }).id)
      ),
    [commands]
  )

  const review = (e: FormEvent): void => {
    e.preventDefault()
    const errs: Record<string, string> = {}
    if (decoded === null) errs["key"] = t("pixSchedule:form.lookUpFirst")
    if (amount === null || amount <= 0) errs["amount"] = t("pixSchedule:form.amountRequired")
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errs["date"] = t("validation:VALIDATION_DATE")
    else if (date <= todayKey()) errs["date"] = t("pixSchedule:form.dateFromTomorrow")
    else if (!isSchedulableDate(date)) errs["date"] = t("validation:VALIDATION_DATE_WITHIN_DAYS")
    if (descriptionError(description)) errs["description"] = t("pixSchedule:form.descriptionInvalid")
    setErrors(errs)
    if (Object.keys(errs).length === 0) setConfirming(true)
  }
  const schedule = (): void => {
    setConfirming(false)
    if (!decoded || amount === null) return
    send(
      {
        name: "v1.pixSchedule.create",
        payload: {
          key: decoded.key,
          key_type: decoded.key_type as KeyType,
          beneficiary_name: decoded.beneficiary_name,
          amount,
          description: description.trim(),
          payment_date: date
        }
      },
      "create",
      "pixSchedule:scheduled.done"
    )
    setDecoded(null)
    setAmountText("")
    setAmount(null)
    setDescription("")
  }
  const refusal = refusals.get("create")

  return (
    <Shell section="scheduled">
      <Card title={t("pixSchedule:scheduled.list")}>
        {rows === undefined ? (
          <Skeleton height={120} />
        ) : rows.length === 0 ? (
          <EmptyState title={t("pixSchedule:scheduled.empty")} />
        ) : (
          <ul className={s.items}>
            {rows.map((r) => {
              const pending = r.id.startsWith("pending:")
              const status = cancelPending.has(r.id) ? "canceling" : r.status
              return (
                <li
                  key={r.id}
                  className={s.item}
                  data-testid="scheduled-row"
                  data-id={r.id}
                  data-operation-id={r.operation_id}
                  data-status={r.status}
                  data-date={r.payment_date}
                  data-amount={r.amount}
                >
                  <strong>{showDay(r.payment_date)}</strong>
                  <span className={s.who}>
                    <span>{r.beneficiary_name}</span>
                    <span className={layout.muted}>
                      {r.description || r.key}
                      {r.recurrence_id ? ` · ${t("pixSchedule:scheduled.ofRecurrence")}` : ""}
                    </span>
                    {r.failure_reason ? <span className={layout.errorText}>{t(`pixSchedule:failure.${r.failure_reason}`)}</span> : null}
                  </span>
                  <span className={s.amount}>{f.brl(r.amount)}</span>
                  <Badge tone={pending ? "warning" : statusTone[r.status]}>
                    {pending ? t("pixSchedule:status.pending") : t(`pixSchedule:status.${status}`)}
                  </Badge>
                  {r.status === "scheduled" && !pending && !cancelPending.has(r.id) ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setCanceling(r)}
                      data-testid="scheduled-cancel"
                      aria-label={t("pixSchedule:scheduled.cancelOf", { name: r.beneficiary_name, date: showDay(r.payment_date) })}
                    >
                      {t("pixSchedule:scheduled.cancel")}
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
      <Card title={t("pixSchedule:scheduled.new")}>
        <form onSubmit={review} className={layout.stack} noValidate data-testid="schedule-form">
          <KeyLookup decoded={decoded} onDecoded={setDecoded} />
          {errors["key"] ? (
            <p className={layout.errorText} role="alert">
              {errors["key"]}
            </p>
          ) : null}
          <div className={layout.formGrid}>
            <MoneyField
              label={t("pixSchedule:form.amount")}
              value={amountText}
              error={errors["amount"] ?? null}
              onChange={(text, cents) => {
                setAmountText(text)
                setAmount(cents)
              }}
              data-testid="schedule-amount"
            />
            <TextField
              type="date"
              label={t("pixSchedule:form.date")}
              hint={t("pixSchedule:form.dateHint", { days: SCHEDULE_MAX_DAYS })}
              value={date}
              min={dayIn(1)}
              max={dayIn(SCHEDULE_MAX_DAYS)}
              error={errors["date"] ?? null}
              onChange={setDate}
              data-testid="schedule-date"
            />
          </div>
          <TextField
            label={t("pixSchedule:form.description")}
            value={description}
            onChange={setDescription}
            maxLength={140}
            error={errors["description"] ?? null}
            data-testid="schedule-description"
          />
          {refusal ? (
            <p className={layout.errorText} role="alert" data-testid="schedule-refusal">
              {t(`errors:${refusal}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          ) : null}
          <div>
            <Button type="submit" busy={busy.has("create")} data-testid="schedule-review">
              {t("pixSchedule:form.review")}
            </Button>
          </div>
        </form>
      </Card>
      <Card title={t("pixSchedule:ahead.title")} data-testid="schedule-ahead">
        {ahead === undefined ? (
          <Skeleton height={120} />
        ) : (
          <div className={layout.stack}>
            <AheadWarning ahead={ahead} />
            <DaysAheadCalendar ahead={ahead} />
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t("pixSchedule:scheduled.confirmTitle")}
        html={
          decoded && amount !== null
            ? escapeHtml(t("pixSchedule:scheduled.confirmText", { amount: f.brl(amount), name: decoded.beneficiary_name, date: showDay(date) }))
            : ""
        }
        confirmLabel={t("pixSchedule:scheduled.confirm")}
        cancelLabel={t("common:actions.cancel")}
        onAnswer={(yes) => {
          if (yes) schedule()
          else setConfirming(false)
        }}
      />
      <ConfirmDialog
        open={canceling !== null}
        title={t("pixSchedule:scheduled.cancelTitle")}
        html={
          canceling
            ? escapeHtml(
                t("pixSchedule:scheduled.cancelText", {
                  amount: f.brl(canceling.amount),
                  name: canceling.beneficiary_name,
                  date: showDay(canceling.payment_date)
                })
              )
            : ""
        }
        confirmLabel={t("pixSchedule:scheduled.cancel")}
        cancelLabel={t("pixSchedule:scheduled.keep")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes && canceling)
            send(
              { name: "v1.pixSchedule.cancel", payload: { id: canceling.id, operation_id: canceling.operation_id } },
              canceling.id,
              "pixSchedule:scheduled.canceled"
            )
          setCanceling(null)
        }}
      />
    </Shell>
  )
}

// ── recurrence-pix ──────────────────────────────────────────────────────────
const FREQUENCIES = ["WEEKLY", "MONTHLY", "ANNUALLY"] as const

function dayText(t: TFunction, r: Pick<PixRecurrence, "frequency" | "start_date">): string {
  const d = new Date(`${r.start_date}T12:00:00Z`)
  return r.frequency === "WEEKLY"
    ? t(`pixSchedule:weekday.${d.getUTCDay()}`)
    : r.frequency === "MONTHLY"
      ? t("pixSchedule:recurrence.dayOfMonth", { day: d.getUTCDate() })
      : t("pixSchedule:recurrence.dayOfYear", { date: showDay(r.start_date).slice(0, 5) })
}

export function RecurrencePixPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const rows = useList("pix_recurrences", wallet?.id ?? null)
  const { send, refusals, busy } = useCommandRunner(wallet?.id ?? null, "pixSchedule:failed")
  const [decoded, setDecoded] = useState<Decoded | null>(null)
  const [valueText, setValueText] = useState("")
  const [value, setValue] = useState<number | null>(null)
  const [maxText, setMaxText] = useState("")
  const [max, setMax] = useState<number | null>(null)
  const [frequency, setFrequency] = useState<(typeof FREQUENCIES)[number]>("MONTHLY")
  const [start, setStart] = useState(dayIn(1))
  const [end, setEnd] = useState("")
  const [description, setDescription] = useState("")
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [confirming, setConfirming] = useState(false)
  const [stopping, setStopping] = useState<PixRecurrence | null>(null)
  const validStart = /^\d{4}-\d{2}-\d{2}$/.test(start)
  const preview = validStart ? nextOccurrences({ start_date: start, end_date: /^\d{4}-\d{2}-\d{2}$/.test(end) ? end : null, frequency }, start, 4) : []
  // features §4, §8: above the maximum value the recurring Pix is not scheduled — warned before sending
  const aboveMax = value !== null && max !== null && value > max

  const review = (e: FormEvent): void => {
    e.preventDefault()
    const errs: Record<string, string> = {}
    if (decoded === null) errs["key"] = t("pixSchedule:form.lookUpFirst")
    if (value === null || value <= 0) errs["value"] = t("pixSchedule:form.amountRequired")
    if (aboveMax) errs["max"] = t("errors:RECURRING_PIX_ABOVE_MAXIMUM")
    if (!validStart) errs["start"] = t("validation:VALIDATION_DATE")
    else if (start <= todayKey()) errs["start"] = t("pixSchedule:form.dateFromTomorrow")
    else if (start > dayIn(RECURRENCE_START_MAX_DAYS)) errs["start"] = t("pixSchedule:form.startTooFar")
    if (end !== "" && (!/^\d{4}-\d{2}-\d{2}$/.test(end) || end < start)) errs["end"] = t("validation:VALIDATION_DATE_RANGE")
    if (descriptionError(description)) errs["description"] = t("pixSchedule:form.descriptionInvalid")
    setErrors(errs)
    if (Object.keys(errs).length === 0) setConfirming(true)
  }
  const create = (): void => {
    setConfirming(false)
    if (!decoded || value === null) return
    send(
      {
        name: "v1.pixSchedule.createRecurrence",
        payload: {
          key: decoded.key,
          key_type: decoded.key_type as KeyType,
          beneficiary_name: decoded.beneficiary_name,
          value,
          description: description.trim(),
          frequency,
          start_date: start,
          ...(end !== "" ? { end_date: end } : {}),
          ...(max !== null ? { payment_max_value: max } : {})
        }
      },
      "create",
      "pixSchedule:recurrence.done"
    )
    setDecoded(null)
    setValueText("")
    setValue(null)
    setMaxText("")
    setMax(null)
    setDescription("")
    setEnd("")
  }
  const refusal = refusals.get("create")
  const today = todayKey()

  return (
    <Shell section="recurrence">
      <Card title={t("pixSchedule:recurrence.list")}>
        {rows === undefined ? (
          <Skeleton height={120} />
        ) : rows.length === 0 ? (
          <EmptyState title={t("pixSchedule:recurrence.empty")} />
        ) : (
          <ul className={s.items}>
            {rows.map((r) => {
              const pending = r.id.startsWith("pending:")
              const next = nextOccurrences(r, today, 3)
              return (
                <li key={r.id} className={s.item} data-testid="recurrence-row" data-id={r.id} data-status={r.status}>
                  <strong>{t(`pixSchedule:frequency.${r.frequency}`)}</strong>
                  <span className={s.who}>
                    <span>
                      {r.beneficiary_name}
                      {r.description ? ` · ${r.description}` : ""}
                    </span>
                    <span className={layout.muted}>
                      {dayText(t, r)} · {t("pixSchedule:recurrence.from", { date: showDay(r.start_date) })}
                      {r.end_date ? ` · ${t("pixSchedule:recurrence.until", { date: showDay(r.end_date) })}` : ""}
                      {r.payment_max_value !== null ? ` · ${t("pixSchedule:recurrence.maxShort", { value: f.brl(r.payment_max_value) })}` : ""}
                    </span>
                    {r.status === "active" && next.length > 0 ? (
                      <span className={layout.muted}>
                        {t("pixSchedule:recurrence.next")} <span data-testid="recurrence-next">{next.map(showDay).join(", ")}</span>
                      </span>
                    ) : null}
                  </span>
                  <span className={s.amount}>{f.brl(r.value)}</span>
                  <Badge tone={pending ? "warning" : r.status === "active" ? "success" : "neutral"}>
                    {pending ? t("pixSchedule:status.pending") : t(`pixSchedule:recurrence.status.${r.status}`)}
                  </Badge>
                  {r.status === "active" && !pending ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setStopping(r)}
                      data-testid="recurrence-deactivate"
                      aria-label={t("pixSchedule:recurrence.deactivateOf", { name: r.beneficiary_name })}
                    >
                      {t("pixSchedule:recurrence.deactivate")}
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
      <Card title={t("pixSchedule:recurrence.new")}>
        <form onSubmit={review} className={layout.stack} noValidate data-testid="recurrence-form">
          <KeyLookup decoded={decoded} onDecoded={setDecoded} />
          {errors["key"] ? (
            <p className={layout.errorText} role="alert">
              {errors["key"]}
            </p>
          ) : null}
          <div className={layout.formGrid}>
            <MoneyField
              label={t("pixSchedule:form.value")}
              value={valueText}
              error={errors["value"] ?? null}
              onChange={(text, cents) => {
                setValueText(text)
                setValue(cents)
              }}
              data-testid="recurrence-value"
            />
            <MoneyField
              label={t("pixSchedule:form.maxValue")}
              hint={t("pixSchedule:form.maxValueHint")}
              value={maxText}
              error={errors["max"] ?? null}
              onChange={(text, cents) => {
                setMaxText(text)
                setMax(cents)
              }}
              data-testid="recurrence-max"
            />
            <Select
              label={t("pixSchedule:form.frequency")}
              value={frequency}
              onChange={(v) => setFrequency(v as (typeof FREQUENCIES)[number])}
              options={FREQUENCIES.map((x) => ({ value: x, label: t(`pixSchedule:frequency.${x}`) }))}
              data-testid="recurrence-frequency"
            />
            <TextField
              type="date"
              label={t("pixSchedule:form.start")}
              value={start}
              min={dayIn(1)}
              max={dayIn(RECURRENCE_START_MAX_DAYS)}
              error={errors["start"] ?? null}
              onChange={setStart}
              data-testid="recurrence-start"
            />
            <TextField
              type="date"
              label={t("pixSchedule:form.end")}
              hint={t("pixSchedule:form.endHint")}
              value={end}
              min={start}
              error={errors["end"] ?? null}
              onChange={setEnd}
              data-testid="recurrence-end"
            />
          </div>
          <TextField
            label={t("pixSchedule:form.description")}
            value={description}
            onChange={setDescription}
            maxLength={140}
            error={errors["description"] ?? null}
            data-testid="recurrence-description"
          />
          {aboveMax ? (
            <p className={layout.errorText} role="alert" data-testid="recurrence-above-max">
              {t("errors:RECURRING_PIX_ABOVE_MAXIMUM")}
            </p>
          ) : null}
          {preview.length > 0 ? (
            <div className={layout.stack}>
              <span className={layout.muted}>{t("pixSchedule:recurrence.preview")}</span>
              <ul className={s.dates} data-testid="recurrence-preview">
                {preview.map((d) => (
                  <li key={d}>
                    <Badge tone="info">{showDay(d)}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {refusal ? (
            <p className={layout.errorText} role="alert" data-testid="recurrence-refusal">
              {t(`errors:${refusal}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          ) : null}
          <div>
            <Button type="submit" busy={busy.has("create")} data-testid="recurrence-review">
              {t("pixSchedule:form.review")}
            </Button>
          </div>
        </form>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t("pixSchedule:recurrence.confirmTitle")}
        html={
          decoded && value !== null
            ? escapeHtml(
                t("pixSchedule:recurrence.confirmText", {
                  amount: f.brl(value),
                  name: decoded.beneficiary_name,
                  frequency: t(`pixSchedule:frequency.${frequency}`).toLowerCase(),
                  date: showDay(start)
                })
              )
            : ""
        }
        confirmLabel={t("pixSchedule:recurrence.confirm")}
        cancelLabel={t("common:actions.cancel")}
        onAnswer={(yes) => {
          if (yes) create()
          else setConfirming(false)
        }}
      />
      <ConfirmDialog
        open={stopping !== null}
        title={t("pixSchedule:recurrence.deactivateTitle")}
        html={stopping ? escapeHtml(t("pixSchedule:recurrence.deactivateText", { name: stopping.beneficiary_name })) : ""}
        confirmLabel={t("pixSchedule:recurrence.deactivate")}
        cancelLabel={t("pixSchedule:scheduled.keep")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes && stopping)
            send({ name: "v1.pixSchedule.deactivateRecurrence", payload: { id: stopping.id } }, stopping.id, "pixSchedule:recurrence.deactivated")
          setStopping(null)
        }}
      />
    </Shell>
  )
}

export { AutomaticPixPage } from "./automatic-pix-page.tsx"
// automatic-withdraw (features §2; docs/decisions.md "Automatic withdrawals (issue 13)")
export { AutomaticWithdrawPage } from "./withdraw-page.tsx"
