/**
 * /banking/pix/limit (spec features §1 "Set limits", §2 limit, §3 Limit: day and night limits per type;
 * issue 12): the wallet's Pix limits from the synced `pix_limits` list — day and night per type, what was
 * paid in the current period and what is left, a pending raise and when it applies — and a change request
 * (a command with the PIN: a raise applies 24 h later on the bank's clock, a cut at once). Also what the pay
 * forms use to warn before the PIN (`usePixLimitWarning`) and to say what is left after a refusal
 * (`PixLimitLeft`); the rules are schema/pix-limits.ts, shared with the sandbox.
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useList } from "../../../workers/client.ts"
import {
  checkPixLimit,
  limitChangeRefusal,
  limitTagForBeneficiary,
  NIGHT_ENDS_HOUR,
  NIGHT_STARTS_HOUR,
  type PixLimitPeriod,
  type PixLimitTag,
  type UserLimit
} from "../../../schema/pix-limits.ts"
import { PL } from "../../../schema/pix-limits-permissions.ts"
import { hasPermission } from "../../../schema/permissions.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useActions, useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useAppState } from "../../lib/app-state.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { escapeHtml } from "../../lib/html.ts"
import { Badge, Button, Card, ConfirmDialog, EmptyState, MoneyField, Select, Skeleton, layout } from "../../ui/index.ts"
import * as s from "./pix.css.ts"

const hours = { from: `${String(NIGHT_STARTS_HOUR).padStart(2, "0")}:00`, to: `${String(NIGHT_ENDS_HOUR).padStart(2, "0")}:00` }

/** The signed-in user's own document when they hold the wallet (a Pix to it is same-ownership), else null. */
function useHolderDocument(): string | null {
  const wallet = useCurrentWallet()
  const profile = useAppState((st) => st.profile)
  return wallet !== null && profile !== null && wallet.owner_id === profile.id ? profile.document : null
}

/**
 * features §5, issue 12: the message to show before the PIN when `amount` is over what is left of the
 * current period's limit (as last synced), or null. `beneficiaryDocument` as decoded picks the type.
 */
export function usePixLimitWarning(walletId: string | null | undefined): (amount: number, beneficiaryDocument: string) => string | null {
  const { t } = useTranslation()
  const f = useFormat()
  const limits = useList("pix_limits", walletId ?? null)
  const holderDocument = useHolderDocument()
  return (amount, beneficiaryDocument) => {
    const row = limits?.find((l) => l.tag === limitTagForBeneficiary(beneficiaryDocument, holderDocument))
    if (row === undefined) return null
    const c = checkPixLimit(row, amount)
    return c.ok ? null : t(`pix:limits.over.${c.limit}`, { left: f.brl(c.left), ...hours })
  }
}

/** After a refusal by a limit (PIX_LIMIT_DAY/NIGHT_EXCEEDED): what is left of it, from the synced list. */
export function PixLimitLeft({ errorKey, walletId }: { readonly errorKey: string | null | undefined; readonly walletId: string | null | undefined }) {
  const { t } = useTranslation()
  const f = useFormat()
  const limits = useList("pix_limits", walletId ?? null)
  if (errorKey !== "PIX_LIMIT_DAY_EXCEEDED" && errorKey !== "PIX_LIMIT_NIGHT_EXCEEDED") return null
  const row = limits?.find((l) => l.tag === "pix_others")
  if (row === undefined) return null
  const period: PixLimitPeriod = errorKey === "PIX_LIMIT_DAY_EXCEEDED" ? "day" : "night"
  const left = Math.max(0, (period === "day" ? row.day_limit : row.night_limit) - (row.period === period ? row.used : 0))
  return (
    <p className={layout.muted} data-testid="pix-limit-left">
      {t(`pix:limits.leftAfter.${period}`, { left: f.brl(left) })}
    </p>
  )
}

const TAGS: ReadonlyArray<PixLimitTag> = ["pix_others", "pix_same_ownership"]

/** features §2 limit: view, request a change, see the pending raise. */
export function PixLimits() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const actions = useActions()
  const limits = useList("pix_limits", wallet?.id ?? null)
  const { send, refusals, busy } = useCommandRunner(wallet?.id ?? null, "pix:limits.failed")
  const canChange = hasPermission(actions, PL.postLimits)
  const [tag, setTag] = useState<PixLimitTag>("pix_others")
  const [period, setPeriod] = useState<PixLimitPeriod>("night")
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<{ raise: boolean } | null>(null)
  useEffect(() => {
    document.title = `${t("pix:limits.title")} · ${t("common:appName")}`
  }, [t])
  const chosen = limits?.find((l) => l.tag === tag)
  const refusal = refusals.get("change")

  const review = (e: FormEvent): void => {
    e.preventDefault()
    setError(null)
    if (!chosen) return
    if (amount === null) {
      setError(t("pix:limits.amountRequired"))
      return
    }
    const max = period === "day" ? chosen.max_day_limit : chosen.max_night_limit
    const r = limitChangeRefusal(amount, max)
    if (r === "PIX_LIMIT_ABOVE_MAXIMUM") {
      setError(t("pix:limits.aboveMax", { max: f.brl(max) }))
      return
    }
    if (r !== null) {
      setError(t("pix:limits.amountRequired"))
      return
    }
    setConfirming({ raise: amount > (period === "day" ? chosen.day_limit : chosen.night_limit) })
  }

  const request = (): void => {
    setConfirming(null)
    if (!chosen || amount === null) return
    send({ name: "v1.pix.changeLimit", payload: { limit_type_id: chosen.limit_type_id, period, amount } }, "change", "pix:limits.requested")
  }

  return (
    <div className={layout.stack} data-testid="pix-limits">
      <Card>
        <div className={layout.stack}>
          <h2>{t("pix:limits.title")}</h2>
          <p className={layout.muted}>{t("pix:limits.intro", hours)}</p>
        </div>
      </Card>
      {limits === undefined ? (
        <Skeleton height={160} />
      ) : limits.length === 0 ? (
        <Card>
          <EmptyState title={t("pix:limits.empty")} />
        </Card>
      ) : (
        TAGS.map((tg) => {
          const l = limits.find((x) => x.tag === tg)
          return l ? <LimitCard key={tg} limit={l} /> : null
        })
      )}
      {canChange && limits !== undefined && limits.length > 0 ? (
        <Card>
          <form onSubmit={review} className={layout.stack} noValidate data-testid="pix-limit-form">
            <h2>{t("pix:limits.change")}</h2>
            <Select
              label={t("pix:limits.type")}
              value={tag}
              onChange={(v) => {
                setTag(v as PixLimitTag)
                setError(null)
              }}
              options={TAGS.map((tg) => ({ value: tg, label: t(`pix:limits.tags.${tg}`) }))}
              data-testid="pix-limit-type"
            />
            <Select
              label={t("pix:limits.period")}
              value={period}
              onChange={(v) => {
                setPeriod(v as PixLimitPeriod)
                setError(null)
              }}
              options={(["day", "night"] as const).map((p) => ({ value: p, label: t(`pix:limits.periods.${p}`, hours) }))}
              data-testid="pix-limit-period"
            />
            <MoneyField
              label={t("pix:limits.newValue")}
              value={amountText}
              onChange={(text, cents) => {
                setAmountText(text)
                setAmount(cents)
              }}
              hint={chosen ? t("pix:limits.maxHint", { max: f.brl(period === "day" ? chosen.max_day_limit : chosen.max_night_limit) }) : undefined}
              error={error}
              data-testid="pix-limit-amount"
            />
            <p className={layout.muted}>{t("pix:limits.rule")}</p>
            {refusal ? (
              <p className={layout.errorText} role="alert" data-testid="pix-limit-refusal">
                {t(`errors:${refusal}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
              </p>
            ) : null}
            <div>
              <Button type="submit" busy={busy.has("change")} data-testid="pix-limit-submit">
                {t("pix:limits.submit")}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t("pix:limits.confirmTitle")}
        html={
          amount !== null
            ? escapeHtml(
                t(confirming?.raise === true ? "pix:limits.confirmRaise" : "pix:limits.confirmCut", {
                  type: t(`pix:limits.tags.${tag}`),
                  period: t(`pix:limits.periods.${period}`, hours),
                  value: f.brl(amount)
                })
              )
            : ""
        }
        confirmLabel={t("pix:limits.confirm")}
        cancelLabel={t("common:actions.cancel")}
        onAnswer={(yes) => {
          if (yes) request()
          else setConfirming(null)
        }}
      />
    </div>
  )
}

function LimitCard({ limit: l }: { readonly limit: UserLimit }) {
  const { t } = useTranslation()
  const f = useFormat()
  const current = l.period === "day" ? l.day_limit : l.night_limit
  const left = Math.max(0, current - l.used)
  const pending: ReadonlyArray<{ period: PixLimitPeriod; value: number; at: string }> = [
    ...(l.pending_day_limit !== null && l.pending_day_effective_at !== null
      ? [{ period: "day" as const, value: l.pending_day_limit, at: l.pending_day_effective_at }]
      : []),
    ...(l.pending_night_limit !== null && l.pending_night_effective_at !== null
      ? [{ period: "night" as const, value: l.pending_night_limit, at: l.pending_night_effective_at }]
      : [])
  ]
  return (
    <Card>
      <section
        className={layout.stack}
        aria-labelledby={`limit-${l.tag}`}
        data-testid="pix-limit-card"
        data-tag={l.tag}
        data-period={l.period}
        data-day={l.day_limit}
        data-night={l.night_limit}
        data-used={l.used}
      >
        <div className={s.row}>
          <h2 id={`limit-${l.tag}`}>{t(`pix:limits.tags.${l.tag}`)}</h2>
          <Badge tone={l.period === "night" ? "info" : "neutral"}>{t(`pix:limits.now.${l.period}`, hours)}</Badge>
        </div>
        <dl className={s.beneficiary}>
          <dt>{t("pix:limits.periods.day", hours)}</dt>
          <dd data-testid="pix-limit-day">{f.brl(l.day_limit)}</dd>
          <dt>{t("pix:limits.periods.night", hours)}</dt>
          <dd data-testid="pix-limit-night">{f.brl(l.night_limit)}</dd>
          <dt>{t("pix:limits.used")}</dt>
          <dd data-testid="pix-limit-used">{f.brl(l.used)}</dd>
          <dt>{t("pix:limits.left")}</dt>
          <dd data-testid="pix-limit-available">{f.brl(left)}</dd>
        </dl>
        {pending.map((p) => (
          <p key={p.period} className={layout.muted} role="status" data-testid="pix-limit-pending" data-period={p.period}>
            {t("pix:limits.pending", { period: t(`pix:limits.periods.${p.period}`, hours), value: f.brl(p.value), at: f.dateTime(p.at) })}
          </p>
        ))}
      </section>
    </Card>
  )
}
