/**
 * The boleto payments (spec features §2 boleto, §3 boleto payment / scheduled boleto payment, §4
 * statuses): the paid and scheduled payments of the wallet (synced list `billet_payments`, live), and
 * scheduled-billet — the scheduled ones with cancel (a command; shown cancelled at once).
 */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { useList } from "../../../workers/client.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Badge, Button, Card, ConfirmDialog, EmptyState, Skeleton, layout } from "../../ui/index.ts"
import { dayText, paymentTone } from "./billet-view.ts"
import * as s from "./billet.css.ts"

export function PaidBillets() {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const rows = useList("billet_payments", wallet?.id ?? null)
  return (
    <Card>
      <div className={layout.stack}>
        <div className={s.row}>
          <h2>{t("billet:paid.title")}</h2>
          <Link to={lp("/banking/billet/pay")} data-testid="billet-go-pay">
            {t("billet:paid.payOne")}
          </Link>
        </div>
        {rows === undefined ? (
          <Skeleton height={120} />
        ) : rows.length === 0 ? (
          <EmptyState title={t("billet:paid.empty")} />
        ) : (
          <ul className={s.list} data-testid="billet-payments">
            {rows.map((p) => (
              <li key={p.id} className={s.item} data-testid="billet-payment-row" data-status={p.status} data-id={p.id}>
                <div className={s.itemHead}>
                  <span className={s.grow}>{p.beneficiary_name}</span>
                  <span className={s.money}>{f.brl(p.amount)}</span>
                  <Badge tone={paymentTone(p.status)}>{t(`billet:status.${p.status}`)}</Badge>
                </div>
                <span className={layout.muted}>
                  {p.payment_date !== null
                    ? t("billet:paid.scheduledFor", { date: dayText(p.payment_date) })
                    : t("billet:paid.paidAt", { date: f.dateTime(p.created_at) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  )
}

export function ScheduledBillets() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const rows = useList("billet_scheduled", wallet?.id ?? null)
  const { send, refusals, busy } = useCommandRunner(wallet?.id ?? null, "billet:scheduled.failed")
  const [canceling, setCanceling] = useState<{ id: string; name: string } | null>(null)
  return (
    <Card>
      <div className={layout.stack}>
        <h2>{t("billet:scheduled.title")}</h2>
        {rows === undefined ? (
          <Skeleton height={120} />
        ) : rows.length === 0 ? (
          <EmptyState title={t("billet:scheduled.empty")} />
        ) : (
          <ul className={s.list} data-testid="billet-scheduled">
            {rows.map((p) => (
              <li key={p.id} className={s.item} data-testid="billet-scheduled-row" data-status={p.status} data-id={p.id}>
                <div className={s.itemHead}>
                  <span className={s.grow}>{p.beneficiary_name}</span>
                  <span className={s.money}>{f.brl(p.amount)}</span>
                  <Badge tone={paymentTone(p.status)}>{t(`billet:status.${p.status}`)}</Badge>
                </div>
                <div className={s.actions}>
                  <span className={layout.muted}>{t("billet:scheduled.on", { date: dayText(p.payment_date) })}</span>
                  {p.status === "pending" && !p.id.startsWith("pending:") ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={busy.has(p.id)}
                      onClick={() => setCanceling({ id: p.id, name: p.beneficiary_name })}
                      data-testid="billet-scheduled-cancel"
                    >
                      {t("billet:scheduled.cancel")}
                    </Button>
                  ) : null}
                </div>
                {refusals.get(p.id) ? (
                  <p className={layout.errorText} role="alert">
                    {t(`errors:${refusals.get(p.id) ?? "UNKNOWN_ERROR"}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={canceling !== null}
        title={t("billet:scheduled.cancelTitle")}
        html={t("billet:scheduled.cancelText")}
        confirmLabel={t("billet:scheduled.cancel")}
        cancelLabel={t("common:actions.back")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes && canceling) send({ name: "v1.billet.cancelScheduled", payload: { id: canceling.id } }, canceling.id, "billet:scheduled.canceled")
          setCanceling(null)
        }}
      />
    </Card>
  )
}
