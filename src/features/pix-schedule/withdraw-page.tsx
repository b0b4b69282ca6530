/**
 * Automatic withdrawals (spec features §1 "handle … automatic withdrawals", §2 automatic-withdraw — permission
 * get-user-withdraw-settings; issue 13 "a sweep of the balance above a threshold to an own account at a set
 * time, with its settings page"): the wallet's settings (synced list `pix_withdraw_settings`, one record) or an
 * empty state saying what the sweep does; the form (amount to keep, time, frequency, the holder's own account at
 * another bank) validated with the shared rule (schema/pix-withdraw.ts) in the user's language, keeping what was
 * typed; save (PIN) and turn off as outbox commands, shown at once while pending; the next run (São Paulo date and
 * time) and what it would sweep at today's balance, computed locally; the executions (`pix_withdraw_executions`),
 * live. docs/decisions.md "Automatic withdrawals (issue 13)".
 */
import { useEffect, useMemo, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useList, useLiveQuery } from "../../../workers/client.ts"
import { BANK_DIRECTORY } from "../../../schema/banks.ts"
import { maskDocumentTyping, TED_ACCOUNT_TYPES, type TedAccountType } from "../../../schema/ted.ts"
import {
  maskTime,
  nextRunAfter,
  sweepAmount,
  withdrawProblems,
  WITHDRAW_FREQUENCIES,
  type WithdrawExecution,
  type WithdrawField,
  type WithdrawFrequency,
  type WithdrawSettings,
  type WithdrawSettingsBody
} from "../../../schema/pix-withdraw.ts"
import { onlyDigits, type MoneyLocale } from "../../../schema/validation.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useAppState } from "../../lib/app-state.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { Badge, Button, Card, ConfirmDialog, EmptyState, MoneyField, Select, Skeleton, TextField, centsToInput, layout, type Tone } from "../../ui/index.ts"
import { escapeHtml } from "../../lib/html.ts"
import * as s from "./pix-schedule.css.ts"
import { Shell } from "./schedule-shell.tsx"

type Pending = { readonly pendingCommand?: string }

interface Form {
  readonly thresholdText: string
  readonly threshold: number | null
  readonly time: string
  readonly frequency: WithdrawFrequency
  readonly weekday: string
  readonly bank_code: string
  readonly agency: string
  readonly account: string
  readonly digit: string
  readonly account_type: TedAccountType | ""
  readonly document: string
  readonly name: string
}

const formOf = (st: WithdrawSettings | undefined, ownDoc: string, ownName: string, locale: MoneyLocale): Form => {
  const d = st?.destination ?? null
  return {
    thresholdText: st?.configured ? centsToInput(st.threshold, locale) : "",
    threshold: st?.configured ? st.threshold : null,
    time: st?.configured ? st.time : "18:00",
    frequency: st?.frequency ?? "BUSINESS_DAYS",
    weekday: st?.weekday !== null && st?.weekday !== undefined ? String(st.weekday) : "1",
    bank_code: d?.bank_code ?? "",
    agency: d?.agency ?? "",
    account: d?.account ?? "",
    digit: d?.digit ?? "",
    account_type: d?.account_type ?? "checking",
    document: maskDocumentTyping(d?.document ?? ownDoc),
    name: d?.name ?? ownName
  }
}

const bodyOf = (f: Form): Partial<Omit<WithdrawSettingsBody, "threshold">> & { readonly threshold: number | null } => ({
  threshold: f.threshold,
  time: f.time,
  frequency: f.frequency,
  weekday: f.frequency === "WEEKLY" ? Number(f.weekday) : null,
  bank_code: f.bank_code,
  agency: f.agency.trim(),
  account: f.account.trim(),
  digit: f.digit.trim(),
  ...(f.account_type !== "" ? { account_type: f.account_type } : {}),
  document: onlyDigits(f.document),
  name: f.name.trim()
})

const executionTone: Record<WithdrawExecution["status"], Tone> = { done: "success", skipped: "neutral", failed: "danger" }

export function AutomaticWithdrawPage() {
  const { t } = useTranslation()
  const fmt = useFormat()
  const wallet = useCurrentWallet()
  const walletId = wallet?.id ?? null
  const profile = useAppState((st) => st.profile)
  const isHolder = profile !== null && wallet !== null && profile.id === wallet.owner_id
  const rows = useList("pix_withdraw_settings", walletId)
  const executions = useList("pix_withdraw_executions", walletId)
  const accounts = useLiveQuery(walletId ? { kind: "walletAccounts", walletId } : null)
  const { send, refusals, busy } = useCommandRunner(walletId, "pixSchedule:withdraw.failed")
  const settings = rows?.[0] as (WithdrawSettings & Pending) | undefined
  const [editing, setEditing] = useState(false)
  const [form, setForm] = useState<Form | null>(null)
  const [errors, setErrors] = useState<Partial<Record<WithdrawField, string>>>({})
  const [confirming, setConfirming] = useState(false)
  const [stopping, setStopping] = useState(false)

  const balance = accounts?.find((a) => a.currency_symbol === "BRL")?.balance ?? null
  const pending = settings?.pendingCommand !== undefined
  const next = useMemo(() => {
    if (!settings?.enabled || !settings.configured) return null
    const after = Math.max(Date.now(), settings.last_run_at ? Date.parse(settings.last_run_at) : 0)
    return nextRunAfter(settings, after)
  }, [settings])

  const ownDoc = isHolder ? profile.document : ""
  const ownName = isHolder ? profile.full_name : ""
  const f = form ?? formOf(settings, ownDoc, ownName, fmt.locale)
  const set = (patch: Partial<Form>): void => setForm({ ...f, ...patch })
  const openForm = (): void => {
    setForm(formOf(settings, ownDoc, ownName, fmt.locale))
    setErrors({})
    setEditing(true)
  }

  const message = (field: WithdrawField, key: string): string => {
    if (key === "WITHDRAW_DESTINATION_NOT_OWN") return t("errors:WITHDRAW_DESTINATION_NOT_OWN")
    if (field === "time") return t("pixSchedule:withdraw.form.timeInvalid")
    if (field === "threshold" && key === "VALIDATION_MIN_VALUE") return t("pixSchedule:withdraw.form.thresholdInvalid")
    if (field === "threshold" && key === "VALIDATION_MAX_VALUE") return t("validation:VALIDATION_MAX_VALUE", { max: fmt.brl(1_000_000_000) })
    if (field === "bank_code") return t("pixSchedule:withdraw.form.bankRequired")
    return t(`validation:${key}`, { min: 3, max: 80, length: 1 })
  }
  const review = (e: FormEvent): void => {
    e.preventDefault()
    // a negative amount typed with a minus sign reads as no amount; say it is below the minimum
    const typedNegative = f.thresholdText.trim().startsWith("-")
    const body = { ...bodyOf(f), threshold: typedNegative ? -1 : f.threshold }
    // the holder's own document is checked here when the holder is who types; the server checks it always
    const problems = withdrawProblems(body, isHolder ? ownDoc : (body.document ?? ""))
    const errs: Partial<Record<WithdrawField, string>> = {}
    for (const [k, v] of Object.entries(problems) as Array<[WithdrawField, string]>) errs[k] = message(k, v)
    if (f.thresholdText.trim() !== "" && f.threshold === null && !typedNegative) errs.threshold = t("validation:VALIDATION_MONEY")
    setErrors(errs)
    if (Object.keys(errs).length === 0) setConfirming(true)
  }
  const save = (): void => {
    setConfirming(false)
    const b = bodyOf(f)
    if (b.threshold === null || b.account_type === undefined) return
    send(
      { name: "v1.pixWithdraw.save", payload: { ...b, threshold: b.threshold, account_type: b.account_type } as WithdrawSettingsBody },
      "save",
      "pixSchedule:withdraw.saved"
    )
    setEditing(false)
  }
  const saveRefusal = refusals.get("save")
  // refused by the server (after the PIN): the form opens again with what was typed
  useEffect(() => {
    if (saveRefusal === undefined) return
    setEditing(true)
    if (saveRefusal === "WITHDRAW_DESTINATION_NOT_OWN") setErrors({ document: t("errors:WITHDRAW_DESTINATION_NOT_OWN") })
  }, [saveRefusal, t])
  const refusal = saveRefusal ?? refusals.get("disable")
  const bank = BANK_DIRECTORY.find((b) => b.code === f.bank_code)
  const whenText = (st: Pick<WithdrawSettings, "frequency" | "weekday" | "time">): string =>
    st.frequency === "WEEKLY"
      ? t("pixSchedule:withdraw.whenWeekly", { weekday: t(`pixSchedule:weekday.${st.weekday ?? 1}`), time: st.time })
      : t(`pixSchedule:withdraw.when.${st.frequency}`, { time: st.time })

  return (
    <Shell section="withdraw">
      <Card title={t("pixSchedule:withdraw.current")} data-testid="withdraw-settings">
        {settings === undefined ? (
          <Skeleton height={120} />
        ) : !settings.configured ? (
          <EmptyState
            title={t("pixSchedule:withdraw.emptyTitle")}
            message={t("pixSchedule:withdraw.emptyText")}
            action={
              editing ? undefined : (
                <Button onClick={openForm} data-testid="withdraw-setup">
                  {t("pixSchedule:withdraw.setUp")}
                </Button>
              )
            }
          />
        ) : (
          <div className={layout.stack}>
            <div>
              <Badge
                tone={pending ? "warning" : settings.enabled ? "success" : "neutral"}
                data-testid="withdraw-status"
                data-enabled={String(settings.enabled)}
                data-pending={String(pending)}
              >
                {pending ? t("pixSchedule:withdraw.saving") : settings.enabled ? t("pixSchedule:withdraw.on") : t("pixSchedule:withdraw.off")}
              </Badge>
            </div>
            <dl className={s.beneficiary} data-testid="withdraw-summary">
              <dt>{t("pixSchedule:withdraw.keep")}</dt>
              <dd data-testid="withdraw-threshold">{fmt.brl(settings.threshold)}</dd>
              <dt>{t("pixSchedule:withdraw.whenLabel")}</dt>
              <dd data-testid="withdraw-when">{whenText(settings)}</dd>
              {settings.destination ? (
                <>
                  <dt>{t("pixSchedule:withdraw.to")}</dt>
                  <dd data-testid="withdraw-destination">
                    {settings.destination.bank_code} · {settings.destination.bank_name}
                    <br />
                    {t("pixSchedule:withdraw.accountLine", {
                      agency: settings.destination.agency,
                      account: `${settings.destination.account}-${settings.destination.digit}`,
                      type: t(`pixSchedule:withdraw.accountTypes.${settings.destination.account_type}`)
                    })}
                    <br />
                    {settings.destination.name} · {fmt.document(settings.destination.document)}
                  </dd>
                </>
              ) : null}
            </dl>
            {settings.enabled && next !== null ? (
              <p data-testid="withdraw-next" data-at={new Date(next).toISOString()}>
                {t("pixSchedule:withdraw.next", { when: fmt.dateTime(next) })}{" "}
                {balance === null ? null : sweepAmount(balance, settings.threshold) > 0 ? (
                  <span data-testid="withdraw-next-amount">
                    {t("pixSchedule:withdraw.wouldSweep", { amount: fmt.brl(sweepAmount(balance, settings.threshold)), balance: fmt.brl(balance) })}
                  </span>
                ) : (
                  <span data-testid="withdraw-next-amount">{t("pixSchedule:withdraw.nothingToSweep", { balance: fmt.brl(balance) })}</span>
                )}
              </p>
            ) : null}
            {!editing ? (
              <div className={layout.row}>
                <Button variant={settings.enabled ? "secondary" : "primary"} onClick={openForm} disabled={pending} data-testid="withdraw-edit">
                  {settings.enabled ? t("pixSchedule:withdraw.edit") : t("pixSchedule:withdraw.turnOn")}
                </Button>
                {settings.enabled ? (
                  <Button variant="secondary" onClick={() => setStopping(true)} disabled={pending} busy={busy.has("disable")} data-testid="withdraw-disable">
                    {t("pixSchedule:withdraw.turnOff")}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        )}
        {refusal ? (
          <p className={layout.errorText} role="alert" data-testid="withdraw-refusal">
            {t(`errors:${refusal}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
          </p>
        ) : null}
      </Card>

      {editing ? (
        <Card title={settings?.configured ? t("pixSchedule:withdraw.editTitle") : t("pixSchedule:withdraw.newTitle")}>
          <form onSubmit={review} className={layout.stack} noValidate data-testid="withdraw-form">
            <p className={layout.muted}>{t("pixSchedule:withdraw.formIntro")}</p>
            <div className={layout.formGrid}>
              <MoneyField
                label={t("pixSchedule:withdraw.form.threshold")}
                hint={t("pixSchedule:withdraw.form.thresholdHint")}
                value={f.thresholdText}
                error={errors.threshold ?? null}
                onChange={(text, cents) => set({ thresholdText: text, threshold: cents })}
                data-testid="withdraw-threshold-input"
              />
              <TextField
                label={t("pixSchedule:withdraw.form.time")}
                hint={t("pixSchedule:withdraw.form.timeHint")}
                value={f.time}
                inputMode="numeric"
                maxLength={5}
                placeholder="18:00"
                error={errors.time ?? null}
                onChange={(v) => set({ time: maskTime(v) })}
                data-testid="withdraw-time"
              />
              <Select
                label={t("pixSchedule:withdraw.form.frequency")}
                value={f.frequency}
                onChange={(v) => set({ frequency: v as WithdrawFrequency })}
                options={WITHDRAW_FREQUENCIES.map((x) => ({ value: x, label: t(`pixSchedule:withdraw.frequency.${x}`) }))}
                data-testid="withdraw-frequency"
              />
              {f.frequency === "WEEKLY" ? (
                <Select
                  label={t("pixSchedule:withdraw.form.weekday")}
                  value={f.weekday}
                  onChange={(v) => set({ weekday: v })}
                  error={errors.weekday ?? null}
                  options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: String(d), label: t(`pixSchedule:withdraw.weekdays.${d}`) }))}
                  data-testid="withdraw-weekday"
                />
              ) : null}
            </div>
            <h3>{t("pixSchedule:withdraw.form.destination")}</h3>
            <p className={layout.muted}>{t("pixSchedule:withdraw.form.destinationHint")}</p>
            <div className={layout.formGrid}>
              <Select
                label={t("pixSchedule:withdraw.form.bank")}
                value={f.bank_code}
                onChange={(v) => set({ bank_code: v })}
                placeholder={t("pixSchedule:withdraw.form.choose")}
                options={BANK_DIRECTORY.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` }))}
                error={errors.bank_code ?? null}
                data-testid="withdraw-bank"
              />
              <Select
                label={t("pixSchedule:withdraw.form.accountType")}
                value={f.account_type}
                onChange={(v) => set({ account_type: v as TedAccountType })}
                options={TED_ACCOUNT_TYPES.map((x) => ({ value: x, label: t(`pixSchedule:withdraw.accountTypes.${x}`) }))}
                error={errors.account_type ?? null}
                data-testid="withdraw-account-type"
              />
              <TextField
                label={t("pixSchedule:withdraw.form.agency")}
                value={f.agency}
                inputMode="numeric"
                maxLength={4}
                error={errors.agency ?? null}
                onChange={(v) => set({ agency: v })}
                data-testid="withdraw-agency"
              />
              <TextField
                label={t("pixSchedule:withdraw.form.account")}
                value={f.account}
                inputMode="numeric"
                maxLength={12}
                error={errors.account ?? null}
                onChange={(v) => set({ account: v })}
                data-testid="withdraw-account"
              />
              <TextField
                label={t("pixSchedule:withdraw.form.digit")}
                value={f.digit}
                maxLength={1}
                error={errors.digit ?? null}
                onChange={(v) => set({ digit: v })}
                data-testid="withdraw-digit"
              />
              <TextField
                label={t("pixSchedule:withdraw.form.document")}
                value={f.document}
                inputMode="numeric"
                error={errors.document ?? null}
                onChange={(v) => set({ document: maskDocumentTyping(v) })}
                data-testid="withdraw-document"
              />
              <TextField
                label={t("pixSchedule:withdraw.form.name")}
                value={f.name}
                maxLength={80}
                error={errors.name ?? null}
                onChange={(v) => set({ name: v })}
                data-testid="withdraw-name"
              />
            </div>
            <div className={layout.row}>
              <Button type="submit" busy={busy.has("save")} data-testid="withdraw-review">
                {t("pixSchedule:withdraw.form.review")}
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setEditing(false)
                  setErrors({})
                }}
                data-testid="withdraw-cancel-edit"
              >
                {t("common:actions.cancel")}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}

      <Card title={t("pixSchedule:withdraw.executions")} data-testid="withdraw-executions">
        {executions === undefined ? (
          <Skeleton height={80} />
        ) : executions.length === 0 ? (
          <p className={layout.muted}>{t("pixSchedule:withdraw.noExecutions")}</p>
        ) : (
          <ul className={s.items}>
            {executions.map((x) => (
              <li key={x.id} className={s.item} data-testid="withdraw-execution" data-status={x.status} data-id={x.id}>
                <strong>{fmt.dateTime(x.run_at)}</strong>
                <span className={s.who}>
                  <span>
                    {x.bank_name} · {x.account_label}
                  </span>
                  <span className={layout.muted} data-testid="withdraw-execution-reason">
                    {x.status === "done"
                      ? t("pixSchedule:withdraw.reason.done", { balance: fmt.brl(x.balance_before), threshold: fmt.brl(x.threshold) })
                      : x.status === "skipped"
                        ? t("pixSchedule:withdraw.reason.skipped", { balance: fmt.brl(x.balance_before), threshold: fmt.brl(x.threshold) })
                        : t(`errors:${x.reason ?? "UNKNOWN_ERROR"}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
                  </span>
                </span>
                <span className={s.amount}>{x.status === "skipped" ? "—" : fmt.brl(x.amount)}</span>
                <Badge tone={executionTone[x.status]}>{t(`pixSchedule:withdraw.executionStatus.${x.status}`)}</Badge>
                <span />
              </li>
            ))}
          </ul>
        )}
      </Card>

      <ConfirmDialog
        open={confirming}
        title={t("pixSchedule:withdraw.confirmTitle")}
        html={
          confirming && f.threshold !== null
            ? escapeHtml(
                t("pixSchedule:withdraw.confirmText", {
                  threshold: fmt.brl(f.threshold),
                  when: whenText({ frequency: f.frequency, weekday: Number(f.weekday), time: f.time }),
                  bank: bank ? `${bank.code} · ${bank.name}` : f.bank_code,
                  account: `${f.agency}/${f.account}-${f.digit}`
                })
              )
            : ""
        }
        confirmLabel={t("pixSchedule:withdraw.confirm")}
        cancelLabel={t("common:actions.cancel")}
        onAnswer={(yes) => {
          if (yes) save()
          else setConfirming(false)
        }}
      />
      <ConfirmDialog
        open={stopping}
        title={t("pixSchedule:withdraw.offTitle")}
        html={escapeHtml(t("pixSchedule:withdraw.offText"))}
        confirmLabel={t("pixSchedule:withdraw.turnOff")}
        cancelLabel={t("pixSchedule:withdraw.keepOn")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes) send({ name: "v1.pixWithdraw.disable", payload: {} }, "disable", "pixSchedule:withdraw.turnedOff")
          setStopping(false)
        }}
      />
    </Shell>
  )
}
