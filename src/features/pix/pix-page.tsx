/**
 * /banking/pix (spec features §2 Pix; issue 12): the Pix home with the balance and the actions, pay
 * by key (the key decoded — who receives it, their bank — before the amount, then the PIN step: a
 * command through the outbox, with its optimistic debit and pending statement row), and my-keys
 * (./keys.tsx: keys, codes, claims and portability). The other child pages
 * of features §2 (receive and QR codes, pay by account or code, contacts, devolution, limits,
 * scheduling) say they are not here yet and lead back (docs/decisions.md D-pix-slice).
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, NavLink, Route, Routes, useSearchParams } from "react-router"
import { getEngine, useLiveQuery } from "../../../workers/client.ts"
import { isValidPixKey, pixKeyType, hasNoEmoji } from "../../../schema/validation.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, ConfirmDialog, MoneyField, PageHeader, Skeleton, TextField, layout } from "../../ui/index.ts"
import * as s from "./pix.css.ts"
import { MyQrCodes, Receive } from "./receive.tsx"
import { PayByCode } from "./pay-by-code.tsx"
import { Devolution, ReceivedPix } from "./devolution.tsx"
import { PixStatement } from "./statement.tsx"
import { escapeHtml } from "../../lib/html.ts"
import { useBrlBalance } from "../../lib/use-live-queries.ts"
import { PixLimits, PixLimitLeft, usePixLimitWarning } from "./limits.tsx"
import { AddContact, FavoredContacts, PayWithContact } from "./contacts.tsx"
import { MyKeys } from "./keys.tsx"

export function PixPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  useEffect(() => { document.title = `${t("pix:title")} · ${t("common:appName")}` }, [t])
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${s.tab} ${s.tabActive}` : s.tab)
  return (
    <div className={layout.page} data-testid="pix-page">
      <PageHeader title={t("pix:title")} subtitle={t("pix:subtitle")} />
      <nav aria-label={t("pix:tabs.label")} className={s.tabs}>
        <NavLink end to={lp("/banking/pix")} className={tabClass}>{t("pix:tabs.home")}</NavLink>
        <NavLink to={lp("/banking/pix/pay")} className={tabClass}>{t("pix:tabs.pay")}</NavLink>
        <NavLink to={lp("/banking/pix/receive")} className={tabClass}>{t("pix:tabs.receive")}</NavLink>
        <NavLink to={lp("/banking/pix/my-qr-codes")} className={tabClass}>{t("pix:tabs.qrCodes")}</NavLink>
        <NavLink to={lp("/banking/pix/my-keys")} className={tabClass}>{t("pix:tabs.keys")}</NavLink>
        <NavLink to={lp("/banking/pix/favored-contacts")} className={tabClass}>{t("pix:tabs.contacts")}</NavLink>
        <NavLink to={lp("/banking/pix/limit")} className={tabClass}>{t("pix:tabs.limits")}</NavLink>
      </nav>
      <Routes>
        <Route index element={<PixHome />} />
        <Route path="pay" element={<Pay />} />
        <Route path="pay/:id/devolution" element={<Devolution />} />
        <Route path="receive" element={<Receive />} />
        <Route path="my-qr-codes" element={<MyQrCodes />} />
        <Route path="my-keys" element={<MyKeys />} />
        <Route path="statements" element={<PixStatement />} />
        <Route path="limit" element={<PixLimits />} />
        <Route path="favored-contacts" element={<FavoredContacts />} />
        <Route path="favored-contacts/add" element={<AddContact />} />
        <Route path="pay/pay-with-contact" element={<PayWithContact payForm={(key) => <PayByKey key={key} initialKey={key} />} />} />
        <Route path="*" element={<NotHereYet />} />
      </Routes>
    </div>
  )
}

function PixHome() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const accounts = useLiveQuery(wallet ? { kind: "walletAccounts", walletId: wallet.id } : null)
  const brl = accounts?.find((a) => a.currency_symbol === "BRL")
  return (
    <div className={layout.stack}>
      <Card>
        <span className={layout.muted}>{t("pix:home.balance")}</span>
        <p className={s.balance} data-testid="pix-balance" data-balance={brl?.balance ?? ""}>{brl ? f.brl(brl.balance) : <Skeleton height={28} />}</p>
      </Card>
      <div className={s.actions}>
        <Link className={s.action} to={lp("/banking/pix/pay")} data-testid="pix-action-pay"><strong>{t("pix:home.pay")}</strong><span>{t("pix:home.payHint")}</span></Link>
        <Link className={s.action} to={lp("/banking/pix/pay?by=code")} data-testid="pix-action-code"><strong>{t("pix:home.code")}</strong><span>{t("pix:home.codeHint")}</span></Link>
        <Link className={s.action} to={lp("/banking/pix/receive")} data-testid="pix-action-receive"><strong>{t("pix:home.receive")}</strong><span>{t("pix:home.receiveHint")}</span></Link>
        <Link className={s.action} to={lp("/banking/pix/my-keys")} data-testid="pix-action-keys"><strong>{t("pix:home.keys")}</strong><span>{t("pix:home.keysHint")}</span></Link>
        <Link className={s.action} to={lp("/banking/statements")} data-testid="pix-action-statement"><strong>{t("pix:home.statement")}</strong><span>{t("pix:home.statementHint")}</span></Link>
        <Link className={s.action} to={lp("/banking/pix/statements")} data-testid="pix-action-pix-statement"><strong>{t("pix:statement.link")}</strong><span>{t("pix:statement.linkHint")}</span></Link>
      </div>
      <ReceivedPix />
    </div>
  )
}

/** features §2 pay: by key or by copy-and-paste code / QR image (`?by=code`). */
function Pay() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const [params] = useSearchParams()
  const by = params.get("by") === "code" ? "code" : "key"
  const tabClass = (on: boolean) => (on ? `${s.tab} ${s.tabActive}` : s.tab)
  return (
    <div className={layout.stack}>
      <nav aria-label={t("pix:pay.methods")} className={s.methods}>
        <Link to={lp("/banking/pix/pay")} className={tabClass(by === "key")} aria-current={by === "key" ? "page" : undefined} data-testid="pix-by-key">{t("pix:pay.byKey")}</Link>
        <Link to={lp("/banking/pix/pay?by=code")} className={tabClass(by === "code")} aria-current={by === "code" ? "page" : undefined} data-testid="pix-by-code">{t("pix:pay.byCode")}</Link>
        <Link to={lp("/banking/pix/pay/pay-with-contact")} className={tabClass(false)} data-testid="pix-by-contact">{t("pix:contacts.payTitle")}</Link>
      </nav>
      {by === "code" ? <PayByCode /> : <PayByKey />}
    </div>
  )
}

interface Decoded { readonly key: string; readonly key_type: string; readonly beneficiary_name: string; readonly beneficiary_document: string; readonly beneficiary_bank: string }

/** features §2 pay by key: key → who receives → amount → PIN (the shell's prompt) → done. `initialKey`: pay-with-contact's key, looked up at once. */
function PayByKey({ initialKey }: { readonly initialKey?: string } = {}) {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const commands = useLiveQuery({ kind: "commands" })
  const [key, setKey] = useState(initialKey ?? "")
  const [keyError, setKeyError] = useState<string | null>(null)
  const [decoded, setDecoded] = useState<Decoded | null>(null)
  const [looking, setLooking] = useState(false)
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [description, setDescription] = useState("")
  const [formError, setFormError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [commandId, setCommandId] = useState<string | null>(null)
  const balance = useBrlBalance(wallet?.id)
  const limitWarning = usePixLimitWarning(wallet?.id)
  const command = commands?.find((c) => c.id === commandId)

  const lookUp = async (e?: FormEvent): Promise<void> => {
    e?.preventDefault()
    setKeyError(null)
    setDecoded(null)
    const typed = key.trim()
    if (!isValidPixKey(typed)) { setKeyError(t("pix:pay.invalidKey")); return }
    if (!wallet) return
    setLooking(true)
    try {
      const r = await getEngine().call("pixDecodeByKey", { walletId: wallet.id, query: { key: typed } })
      setDecoded(r.data)
    } catch (err) {
      setKeyError(t(`errors:${errorKeyOf(err)}`))
    } finally {
      setLooking(false)
    }
  }
  // pay-with-contact: the contact's key is looked up as soon as the wallet is known
  const wantsLookUp = initialKey !== undefined && wallet !== null
  useEffect(() => { if (wantsLookUp) void lookUp() }, [wantsLookUp])

  const review = (e: FormEvent): void => {
    e.preventDefault()
    setFormError(null)
    if (amount === null || amount <= 0) { setFormError(t("pix:pay.amountRequired")); return }
    if (balance !== null && amount > balance) { setFormError(t("errors:INSUFFICIENT_BALANCE")); return }
    if ([...description].length > 140 || !hasNoEmoji(description)) { setFormError(t("pix:pay.descriptionInvalid")); return }
    const overLimit = decoded ? limitWarning(amount, decoded.beneficiary_document) : null // issue 12: warned before the PIN
    if (overLimit !== null) { setFormError(overLimit); return }
    setConfirming(true)
  }

  const pay = (): void => {
    setConfirming(false)
    if (!wallet || !decoded || amount === null) return
    getEngine().submit(wallet.id, { name: "v1.pix.payByKey", payload: { key: decoded.key, amount, description: description.trim() } })
      .then(setCommandId, (err: unknown) => setFormError(t(`errors:${errorKeyOf(err)}`)))
  }

  const again = (): void => { setCommandId(null); setDecoded(null); setKey(""); setAmountText(""); setAmount(null); setDescription("") }

  if (command && (command.state === "confirmed" || command.state === "rejected" || command.state === "failed" || command.state === "cancelled")) {
    const ok = command.state === "confirmed"
    return (
      <Card>
        <div className={layout.stack} role="status" data-testid="pix-pay-result" data-state={command.state} data-command-id={command.id}>
          <h2>{ok ? t("pix:pay.done") : command.state === "cancelled" ? t("pix:pay.cancelled") : t("pix:pay.refused")}</h2>
          {ok && decoded && amount !== null ? <p>{t("pix:pay.doneText", { amount: f.brl(amount), name: decoded.beneficiary_name })}</p> : null}
          {command.error_key ? <p className={layout.errorText} data-testid="pix-pay-error">{t(`errors:${command.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}</p> : null}
          <PixLimitLeft errorKey={command.error_key} walletId={wallet?.id} />
          <div><Button onClick={again} data-testid="pix-pay-again">{t("pix:pay.again")}</Button></div>
        </div>
      </Card>
    )
  }
  if (command) {
    return (
      <Card>
        <p role="status" data-testid="pix-pay-result" data-state={command.state} data-command-id={command.id}>
          {command.state === "awaiting-pin" ? t("pix:pay.awaitingPin") : t("pix:pay.sending")}
        </p>
      </Card>
    )
  }
  return (
    <div className={layout.stack}>
      <Card>
        <form onSubmit={(e) => { void lookUp(e) }} className={layout.stack} noValidate data-testid="pix-key-form">
          <TextField
            label={t("pix:pay.key")} hint={t("pix:pay.keyHint")} value={key} onChange={(v) => { setKey(v); setDecoded(null) }}
            error={keyError} autoComplete="off" data-testid="pix-key"
          />
          <div><Button type="submit" busy={looking} data-testid="pix-key-continue">{t("pix:pay.lookUp")}</Button></div>
        </form>
      </Card>
      {decoded ? (
        <Card>
          <form onSubmit={review} className={layout.stack} noValidate data-testid="pix-amount-form">
            <dl className={s.beneficiary} data-testid="pix-beneficiary">
              <dt>{t("pix:pay.receiver")}</dt><dd data-testid="pix-beneficiary-name">{decoded.beneficiary_name}</dd>
              <dt>{t("pix:pay.document")}</dt><dd>{decoded.beneficiary_document}</dd>
              <dt>{t("pix:pay.bank")}</dt><dd>{decoded.beneficiary_bank}</dd>
              <dt>{t("pix:pay.keyType")}</dt><dd>{t(`pix:keyTypes.${pixKeyType(decoded.key) ?? "random"}`)}</dd>
            </dl>
            <MoneyField
              label={t("pix:pay.amount")} value={amountText} onChange={(text, cents) => { setAmountText(text); setAmount(cents) }}
              hint={balance !== null ? t("pix:pay.available", { value: f.brl(balance) }) : undefined} data-testid="pix-amount"
            />
            <TextField label={t("pix:pay.description")} value={description} onChange={setDescription} maxLength={140} data-testid="pix-description" />
            {formError ? <p className={layout.errorText} role="alert" data-testid="pix-form-error">{formError}</p> : null}
            <div><Button type="submit" data-testid="pix-review">{t("pix:pay.review")}</Button></div>
          </form>
        </Card>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t("pix:pay.confirmTitle")}
        html={decoded && amount !== null ? escapeHtml(t("pix:pay.confirmText", { amount: f.brl(amount), name: decoded.beneficiary_name })) : ""}
        confirmLabel={t("pix:pay.confirm")}
        cancelLabel={t("common:actions.cancel")}
        onAnswer={(yes) => { if (yes) pay(); else setConfirming(false) }}
      />
    </div>
  )
}

/** Text for the confirm dialog's sanitised HTML: what the user typed never becomes markup. */

function NotHereYet() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  return (
    <Card>
      <div className={layout.stack} data-testid="pix-not-here-yet">
        <h2>{t("pix:notYet.title")}</h2>
        <p className={layout.muted}>{t("pix:notYet.text")}</p>
        <div><Link to={lp("/banking/pix")}>{t("pix:notYet.back")}</Link></div>
      </div>
    </Card>
  )
}
