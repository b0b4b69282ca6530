/**
 * Devolution of a received Pix (spec features §1, §2 pay/{id}/devolution, §7 /users/v2/pix/devolutions;
 * issue 12): the received payment, what was returned and what is left, the 90-day deadline; return all
 * or part — a command through the outbox with the PIN, deduplicated by the payment so a double click
 * sends one, and found again after a reload (the outbox keeps it; the sandbox applies its
 * transaction-uuid once). Also the Pix home's list of recent received Pix, read from the statement
 * (the shared projection), each with its link here.
 */
import { useCallback, useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, useParams } from "react-router"
import { getEngine, submitCommand, useLiveQuery } from "../../../workers/client.ts"
import { hasNoEmoji } from "../../../schema/validation.ts"
import type { PixDevolutionInfo } from "../../../schema/pix-devolution.ts"
import { centsToInput } from "../../ui/index.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, ConfirmDialog, EmptyState, MoneyField, Skeleton, TextField, layout } from "../../ui/index.ts"
import * as s from "./pix.css.ts"
import { escapeHtml } from "../../lib/html.ts"
import { ReceiptAction } from "../../lib/receipt-view.tsx"

const FINAL = new Set(["confirmed", "rejected", "failed", "cancelled"])

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
  const commands = useLiveQuery({ kind: "commands" })
  const [info, setInfo] = useState<PixDevolutionInfo | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [description, setDescription] = useState("")
  const [formError, setFormError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [commandId, setCommandId] = useState<string | null>(null)
  // this tab's command, or one still open for this payment (after a reload)
  const mine = commands?.filter((c) => c.body.name === "v1.pix.devolve" && (c.body.payload as { payment_id?: string }).payment_id === id)
  const command = mine?.find((c) => c.id === commandId) ?? mine?.find((c) => !FINAL.has(c.state))
  const open = command !== undefined && !FINAL.has(command.state)

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
    setConfirming(true)
  }

  const devolve = (): void => {
    setConfirming(false)
    if (!wallet || info === null || amount === null || open) return
    submitCommand(
      wallet.id,
      { name: "v1.pix.devolve", payload: { payment_id: id, amount, description: description.trim(), payer_name: info.payer_name } },
      `pix-devolution:${id}`
    ).then(setCommandId, (err: unknown) => setFormError(t(`errors:${errorKeyOf(err)}`)))
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
      {command !== undefined ? (
        <Card>
          <p role="status" data-testid="pix-devolution-result" data-state={command.state} data-command-id={command.id}>
            {command.state === "confirmed"
              ? t("pix:devolution.done")
              : command.state === "awaiting-pin"
                ? t("pix:pay.awaitingPin")
                : open
                  ? t("pix:devolution.sending")
                  : t("pix:devolution.refused")}
          </p>
          {command.error_key ? (
            <p className={layout.errorText} data-testid="pix-devolution-error">
              {t(`errors:${command.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          ) : null}
          {command.state === "confirmed" ? <ReceiptAction walletId={command.wallet_id} commandId={command.id} /> : null}
        </Card>
      ) : null}
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
            {formError ? (
              <p className={layout.errorText} role="alert" data-testid="pix-devolution-form-error">
                {formError}
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
      <ConfirmDialog
        open={confirming}
        title={t("pix:devolution.confirmTitle")}
        html={amount !== null ? escapeHtml(t("pix:devolution.confirmText", { amount: f.brl(amount), name: info.payer_name })) : ""}
        confirmLabel={t("pix:devolution.confirm")}
        cancelLabel={t("common:actions.cancel")}
        onAnswer={(yes) => {
          if (yes) devolve()
          else setConfirming(false)
        }}
      />
    </div>
  )
}
