/**
 * billet/to-pay — DDA, boletos that find you (issue 32 item 2; D-dda): the boletos registered against
 * the wallet holder's document (synced list `billet_dda`, live), soonest due first, each with its
 * issuer, amount, due date and — after the due date — the fine and interest of today's amount
 * (`chargeOn` of schema/billet.ts on the São Paulo day). Pay now or schedule opens the existing pay
 * flow with the line filled in (search params `line`, `when`, `date`); hide is a command (shown hidden
 * at once). Paid, hidden and cancelled ones are kept behind a switch, never lost.
 */
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { useList } from "../../../workers/client.ts"
import { chargeOn, ddaDaysToDue, ddaRules, type DdaBillet, type DdaStatus } from "../../../schema/billet.ts"
import { bankBusinessDayOnOrAfter } from "../../../schema/holidays.ts"
import { hasPermission, P } from "../../../schema/permissions.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useActions, useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Badge, Button, Card, Checkbox, ConfirmDialog, EmptyState, Skeleton, layout, type Tone } from "../../ui/index.ts"
import { dayText, todaySp } from "./billet-view.ts"
import * as s from "./billet.css.ts"

const ddaTone = (st: DdaStatus, late: boolean): Tone => (st === "paid" ? "success" : st === "open" ? (late ? "danger" : "info") : "neutral")

/** "2 % + 0,033 %/dia" in the user's locale. */
const percent = (n: number, locale: "pt" | "en"): string => n.toLocaleString(locale === "en" ? "en-US" : "pt-BR", { maximumFractionDigits: 3 })

export function ToPayBillets() {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const navigate = useNavigate()
  const wallet = useCurrentWallet()
  const actions = useActions()
  const canPay = hasPermission(actions, P.postBilletPayment)
  const rows = useList("billet_dda", wallet?.id ?? null)
  const scheduled = useList("billet_scheduled", wallet?.id ?? null)
  const { send, refusals, busy } = useCommandRunner(wallet?.id ?? null, "billet:toPay.hideFailed")
  const [showAll, setShowAll] = useState(false)
  const [hiding, setHiding] = useState<DdaBillet | null>(null)
  const today = todaySp()
  const scheduledFor = useMemo(() => {
    const m = new Map<string, string>()
    for (const p of scheduled ?? []) if (p.status === "pending") m.set(p.typeable_line, p.payment_date)
    return m
  }, [scheduled])
  const shown = (rows ?? []).filter((r) => showAll || r.status === "open")

  const open = (r: DdaBillet, when: "now" | "schedule"): void => {
    const q = new URLSearchParams({ line: r.typeable_line, when })
    const due = bankBusinessDayOnOrAfter(r.due_date)
    if (when === "schedule" && due > today) q.set("date", due)
    void navigate(`${lp("/banking/billet/pay")}?${q.toString()}`)
  }

  return (
    <Card>
      <div className={layout.stack}>
        <div className={s.row}>
          <h2>{t("billet:toPay.title")}</h2>
          <Checkbox label={t("billet:toPay.showAll")} checked={showAll} onChange={setShowAll} />
        </div>
        <p className={layout.muted}>{t("billet:toPay.intro")}</p>
        {rows === undefined ? (
          <Skeleton height={120} />
        ) : shown.length === 0 ? (
          <EmptyState title={t("billet:toPay.empty")} />
        ) : (
          <ul className={s.list} data-testid="billet-dda">
            {shown.map((r) => {
              const charge = chargeOn(ddaRules(r), today)
              const days = ddaDaysToDue(r, today)
              const late = r.status === "open" && charge.late
              const pendingOn = scheduledFor.get(r.typeable_line)
              return (
                <li
                  key={r.id}
                  className={s.item}
                  data-testid="billet-dda-row"
                  data-id={r.id}
                  data-status={r.status}
                  data-line={r.typeable_line}
                  data-amount-due={charge.charged}
                >
                  <div className={s.itemHead}>
                    <span className={s.grow}>{r.issuer_name}</span>
                    <span className={s.money} data-testid="billet-dda-amount">
                      {f.brl(r.status === "open" ? charge.charged : r.amount)}
                    </span>
                    <Badge tone={ddaTone(r.status, late)}>{t(`billet:toPay.status.${r.status}`)}</Badge>
                  </div>
                  <span className={layout.muted}>{t("billet:toPay.issuer", { document: f.document(r.issuer_document), description: r.description })}</span>
                  <span data-testid="billet-dda-due">
                    {t("billet:toPay.due", { date: dayText(r.due_date) })}
                    {r.status === "open"
                      ? ` · ${
                          days < 0
                            ? t("billet:toPay.overdue", { count: -days })
                            : days === 0
                              ? t("billet:toPay.dueToday")
                              : t("billet:toPay.dueIn", { count: days })
                        }`
                      : ""}
                  </span>
                  {late ? (
                    <span data-testid="billet-dda-charges">
                      {t("billet:toPay.charges", { amount: f.brl(r.amount), fine: f.brl(charge.fine), interest: f.brl(charge.interest) })}
                    </span>
                  ) : r.status === "open" && (r.fine_bp > 0 || r.interest_per_day > 0) ? (
                    <span className={layout.muted}>
                      {t("billet:toPay.rules", { fine: percent(r.fine_bp / 100, f.locale), interest: percent(r.interest_per_day / 10_000, f.locale) })}
                    </span>
                  ) : r.status === "open" ? (
                    <span className={layout.muted}>{t("billet:toPay.noCharges")}</span>
                  ) : null}
                  {r.status === "paid" && r.paid_at !== null ? (
                    <span className={layout.muted}>{t("billet:toPay.paidAt", { date: f.dateTime(r.paid_at) })}</span>
                  ) : null}
                  {r.status === "open" ? (
                    <div className={s.actions}>
                      {pendingOn !== undefined ? (
                        <Badge tone="info" data-testid="billet-dda-scheduled">
                          {t("billet:toPay.scheduledFor", { date: dayText(pendingOn) })}
                        </Badge>
                      ) : null}
                      {canPay && !charge.expired ? (
                        <>
                          <Button size="sm" onClick={() => open(r, "now")} data-testid="billet-dda-pay">
                            {t("billet:toPay.payNow")}
                          </Button>
                          {pendingOn === undefined ? (
                            <Button size="sm" variant="secondary" onClick={() => open(r, "schedule")} data-testid="billet-dda-schedule">
                              {t("billet:toPay.schedule")}
                            </Button>
                          ) : null}
                        </>
                      ) : null}
                      {charge.expired ? <span className={layout.errorText}>{t("errors:BILLET_EXPIRED")}</span> : null}
                      {canPay ? (
                        <Button size="sm" variant="ghost" busy={busy.has(r.id)} onClick={() => setHiding(r)} data-testid="billet-dda-hide">
                          {t("billet:toPay.hide")}
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                  {refusals.get(r.id) ? (
                    <p className={layout.errorText} role="alert">
                      {t(`errors:${refusals.get(r.id) ?? "UNKNOWN_ERROR"}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
                    </p>
                  ) : null}
                </li>
              )
            })}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={hiding !== null}
        title={t("billet:toPay.hideTitle")}
        html={t("billet:toPay.hideText")}
        confirmLabel={t("billet:toPay.hide")}
        cancelLabel={t("common:actions.back")}
        onAnswer={(yes) => {
          if (yes && hiding) send({ name: "v1.billet.hideDda", payload: { id: hiding.id } }, hiding.id, "billet:toPay.hidden")
          setHiding(null)
        }}
      />
    </Card>
  )
}
