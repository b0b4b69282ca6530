/**
 * Devolution of a received Pix (spec features §1, §2 pay/{id}/devolution, §7 /users/v2/pix/devolutions;
 * issue 12): the received payment, what was returned and what is left, the 90-day deadline; return all
 * or part — a command through the outbox with the PIN, deduplicated by the payment so a double click
 * sends one, and found again after a reload (the outbox keeps it; the sandbox applies its
 * transaction-uuid once); the review, the command and its outcome are the one payment flow's (D-pay-flow). Also the Pix home's list of recent received Pix, read from the statement
 * (the shared projection), each with its link here.
 */
import { useCallback, useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, useParams } from "react-router"
import { getEngine, useLiveQuery } from "../../../workers/client.ts"
import { hasNoEmoji } from "../../../schema/validation.ts"
import type { PixDevolutionInfo } from "../../../schema/pix-devolution.ts"
import { centsToInput } from "../../ui/index.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, EmptyState, MoneyField, Skeleton, TextField, layout } from "../../ui/index.ts"
import * as s from "./pix.css.ts"
import { usePayFlow } from "../../lib/use-pay-flow.ts"
import { PayOutcome, PayReviewDialog } from "../../lib/pay-flow.tsx"

/** What the payer reviews: how much goes back, the message, to whom. */
interface Review {
  readonly amount: number
  readonly description: string
  readonly payer_name: string
}

/** features §2: the recent Pix received on this wallet, each with "return". */
export function ReceivedPix() {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const rows = useLiveQuery(
    wallet
      ? { kind: "statements", query: { walletIds: [wallet.id], types: ["PIX_IN"], statuses: ["completed"], sort: { by: "created_at", dir: "desc" }, limit: 5 } }
      : null
  )
  return (
    <Card>
      <h2>{t("pix:received.title")}</h2>
      {rows === undefined ? (
        <Skeleton height={80} />
      ) : rows.rows.length === 0 ? (
        <EmptyState title={t("pix:received.empty")} />
      ) : (
        <ul className={s.keys}>
          {rows.rows.map((r) => (
            <li key={r.id} className={s.keyRow} data-testid="pix-received-row">
              <span className={s.keyValue}>{r.counterparty_name}</span>
              <span className={layout.muted}>{f.dateTime(r.created_at)}</span>
              <strong className={layout.amount}>{f.brl(r.amount)}</strong>
              <Link to={lp(`/banking/pix/pay/${r.id}/devolution`)} data-testid="pix-received-devolve">
                {t("pix:received.devolve")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

export function Devolution() {
  const { t } = useTranslation()
  const f = useFormat()
  const { id = "" } = useParams()
  const wallet = useCurrentWallet()
  const [info, setInfo] = useState<PixDevolutionInfo | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [description, setDescription] = useState("")
  const [formError, setFormError] = useState<string | null>(null)
  const flow = usePayFlow<Review>({
    // one devolution of this payment at a time: a double click sends one
    send: (r) => ({ body: { name: "v1.pix.devolve", payload: { payment_id: id, ...r } }, dedupeKey: `pix-devolution:${id}` }),
    // this tab's command, or one still open for this payment (after a reload)
    resume: (c) => c.body.name === "v1.pix.devolve" && (c.body.payload as { payment_id?: string }).payment_id === id
  })
  const command = flow.command
  const open = flow.phase === "pending"

  const load = useCallback((): void => {
    if (!wallet) return
    getEngine()
      .call("pixDevolutionInfo", { walletId: wallet.id, query: { payment_id: id } })
      .then(
        (r) => {
          setInfo(r.data)
          setLoadError(null)
        },
        (err: unknown) => setLoadError(t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
      )
  }, [wallet, id, t])
  useEffect(() => {
    load()
  }, [load])
  // a confirmed devolution changes what is left: read it again
  useEffect(() => {
    if (command?.state === "confirmed") load()
  }, [command?.state, load])
  useEffect(() => {
    if (info !== null && amount === null && info.available > 0) {
      setAmount(info.available)
      setAmountText(centsToInput(info.available, f.locale))
    }
  }, [info, amount, f.locale])

  const review = (e: FormEvent): void => {
    e.preventDefault()
    setFormError(null)
    if (info === null) return
    if (amount === null || amount <= 0) {
      setFormError(t("pix:pay.amountRequired"))
      return
    }
    if (amount > info.available) {
      setFormError(t("pix:devolution.over", { value: f.brl(info.available) }))
      return
    }
    if (Date.now() > Date.parse(info.deadline)) {
      setFormError(t("errors:PIX_DEVOLUTION_EXPIRED"))
      return
    }
    if ([...description].length > 140 || !hasNoEmoji(description)) {
      setFormError(t("pix:pay.descriptionInvalid"))
      return
    }
    if (!open) flow.review({ amount, description: description.trim(), payer_name: info.payer_name })
  }

  if (loadError !== null)
    return (
      <Card>
        <p className={layout.errorText} role="alert" data-testid="pix-devolution-load-error">
          {loadError}
        </p>
      </Card>
    )
  if (info === null)
    return (
      <Card>
        <Skeleton height={160} />
      </Card>
    )
  return (
    <div className={layout.stack}>
      <Card>
        <h2>{t("pix:devolution.title")}</h2>
        <dl className={s.beneficiary} data-testid="pix-devolution-info" data-available={info.available}>
          <dt>{t("pix:devolution.payer")}</dt>
          <dd>{info.payer_name}</dd>
          <dt>{t("pix:devolution.received")}</dt>
          <dd>
            {f.brl(info.amount)} · {f.dateTime(info.created_at)}
          </dd>
          <dt>{t("pix:devolution.devolved")}</dt>
          <dd data-testid="pix-devolution-devolved">{f.brl(info.devolved)}</dd>
          <dt>{t("pix:devolution.available")}</dt>
          <dd data-testid="pix-devolution-available">{f.brl(info.available)}</dd>
          <dt>{t("pix:devolution.deadline")}</dt>
          <dd>{f.dateTime(info.deadline)}</dd>
        </dl>
      </Card>
      <PayOutcome
        flow={flow}
        testId="pix-devolution"
        texts="pix:devolution"
        summary={{ amount: flow.sent ? f.brl(flow.sent.amount) : "", name: info.payer_name }}
        noAgain
      />
      {info.available > 0 && !open ? (
        <Card>
          <form onSubmit={review} className={layout.stack} noValidate data-testid="pix-devolution-form">
            <MoneyField
              label={t("pix:devolution.amount")}
              value={amountText}
              onChange={(text, cents) => {
                setAmountText(text)
                setAmount(cents)
              }}
              hint={t("pix:devolution.upTo", { value: f.brl(info.available) })}
              data-testid="pix-devolution-amount"
            />
            <TextField
              label={t("pix:pay.description")}
              value={description}
              onChange={setDescription}
              maxLength={140}
              data-testid="pix-devolution-description"
            />
            {formError || flow.sendError ? (
              <p className={layout.errorText} role="alert" data-testid="pix-devolution-form-error">
                {formError ?? t(flow.sendError ?? "")}
              </p>
            ) : null}
            <div>
              <Button type="submit" data-testid="pix-devolution-review">
                {t("pix:devolution.review")}
              </Button>
            </div>
          </form>
        </Card>
      ) : info.available === 0 ? (
        <Card>
          <p className={layout.muted} data-testid="pix-devolution-none">
            {t("pix:devolution.nothingLeft")}
          </p>
        </Card>
      ) : null}
      <PayReviewDialog
        flow={flow}
        title={t("pix:devolution.confirmTitle")}
        text={(r) => t("pix:devolution.confirmText", { amount: f.brl(r.amount), name: r.payer_name })}
        confirmLabel={t("pix:devolution.confirm")}
      />
    </div>
  )
}
