/**
 * /gateway/orders — the wallet's orders with refund (issue 16; spec features §2 gateway orders, §7
 * orders and orders-refunds; D-gateway-orders): the orders (a synced list, live: a refund done
 * elsewhere shows at once) with what was refunded, and the refund dialog — all that is left or a part,
 * checked with the sandbox's own rule (never over what is left, never twice once refunded) — sent as a
 * command with the PIN step. The refund is deduplicated per order (`refund:<order id>`), so a double
 * click on confirm sends one refund; it then appears once in the refunds list of the gateway table.
 */
import { useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useList } from "../../../workers/client.ts"
import { formatDateTime, formatDocument } from "../../../schema/format.ts"
import { refundable, refundProblem, type GatewayOrder } from "../../../schema/gateway-payments.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { LatestReceiptAction } from "../../lib/receipt-view.tsx"
import { Badge, Button, Card, Dialog, EmptyState, MoneyField, Skeleton, centsToInput, layout, visuallyHidden, type Tone } from "../../ui/index.ts"
import * as s from "./gateway-payments.css.ts"

const TONE: Record<GatewayOrder["status"], Tone> = { paid: "success", partially_refunded: "warning", refunded: "neutral" }

export function OrdersPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const rows = useList("gateway_orders", wallet?.id ?? null)
  const { send, refusals, busy } = useCommandRunner(wallet?.id ?? null, "gateway:orders.failed")
  const [open, setOpen] = useState<GatewayOrder | null>(null)
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const confirming = useRef(false)

  const start = (o: GatewayOrder) => {
    const left = refundable(o)
    setOpen(o)
    setAmount(left)
    setAmountText(centsToInput(left, f.locale))
    setProblem(null)
    confirming.current = false
  }
  const confirm = () => {
    if (open === null || confirming.current) return
    const p = amount === null ? "VALIDATION_MONEY" : refundProblem(open, amount)
    if (p !== null || amount === null) {
      setProblem(p)
      return
    }
    confirming.current = true
    // one refund per order while one is open (DD2), whatever the clicks
    send({ name: "v1.gateway.refundOrder", payload: { order_id: open.id, amount } }, open.id, "gateway:orders.refunded", `refund:${open.id}`)
    setOpen(null)
  }
  const problemText = problem === null ? null : problem.startsWith("VALIDATION_") ? t(`validation:${problem}`) : t(`errors:${problem}`)

  return (
    <section aria-labelledby="orders-title" className={layout.stack} data-testid="orders-page">
      <h2 id="orders-title">{t("gateway:orders.title")}</h2>
      <p className={layout.muted}>{t("gateway:orders.subtitle")}</p>
      <LatestReceiptAction walletId={wallet?.id} name="v1.gateway.refundOrder" extra={{ kind: "gateway_refund" }} />
      <Card>
        {rows === undefined ? (
          <Skeleton height={160} />
        ) : rows.length === 0 ? (
          <EmptyState title={t("gateway:orders.empty")} />
        ) : (
          <div className={s.tableWrap}>
            <table className={s.table} data-testid="orders-table">
              <caption className={visuallyHidden}>{t("gateway:orders.title")}</caption>
              <thead>
                <tr>
                  {(["date", "reference", "customer", "value", "refunded", "status", "action"] as const).map((k) => (
                    <th key={k} scope="col" className={k === "value" || k === "refunded" ? `${s.th} ${s.num}` : s.th}>
                      {t(`gateway:orders.columns.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((o) => {
                  const pending = (o as { pending_action?: string }).pending_action === "refunding" || busy.has(o.id)
                  const refusal = refusals.get(o.id)
                  return (
                    <tr key={o.id} data-testid="order-row" data-reference={o.reference} data-status={o.status}>
                      <td className={s.td}>{formatDateTime(o.created_at)}</td>
                      <td className={s.td}>{o.reference}</td>
                      <td className={s.td}>
                        {o.customer_name}
                        <br />
                        <span className={s.small}>{formatDocument(o.customer_document)}</span>
                      </td>
                      <td className={`${s.td} ${s.num}`}>{f.brl(o.value)}</td>
                      <td className={`${s.td} ${s.num}`} data-testid="order-refunded">
                        {f.brl(o.refunded_value)}
                      </td>
                      <td className={s.td}>
                        <Badge tone={pending ? "info" : TONE[o.status]}>
                          {pending ? t("gateway:orders.refunding") : t(`gateway:orders.status.${o.status}`)}
                        </Badge>
                        {refusal ? (
                          <>
                            <br />
                            <span className={s.error} role="alert">
                              {t(`errors:${refusal}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
                            </span>
                          </>
                        ) : null}
                      </td>
                      <td className={s.td}>
                        {refundable(o) > 0 ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={pending}
                            onClick={() => start(o)}
                            data-testid="order-refund"
                            aria-label={t("gateway:orders.refundOf", { reference: o.reference })}
                          >
                            {t("gateway:orders.refund")}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <Dialog
        open={open !== null}
        onOpenChange={(o) => {
          if (!o) setOpen(null)
        }}
        title={t("gateway:orders.dialogTitle")}
        testId="refund-dialog"
        {...(open
          ? { description: t("gateway:orders.dialogText", { reference: open.reference, customer: open.customer_name, left: f.brl(refundable(open)) }) }
          : {})}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(null)}>
              {t("common:actions.back")}
            </Button>
            <Button variant="danger" onClick={confirm} data-testid="refund-confirm">
              {t("gateway:orders.confirm")}
            </Button>
          </>
        }
      >
        <MoneyField
          label={t("gateway:orders.amount")}
          value={amountText}
          onChange={(text, cents) => {
            setAmountText(text)
            setAmount(cents)
            setProblem(null)
          }}
          error={problemText}
          data-testid="refund-amount"
        />
      </Dialog>
    </section>
  )
}
