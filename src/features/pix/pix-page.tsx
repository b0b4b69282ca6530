/**
 * /banking/pix (spec features §2 Pix; issue 12): the Pix home with the balance and the actions; pay
 * by key (the key decoded — who receives it, their bank — before the amount), by account
 * (./pay-by-account.tsx) or by code (./pay-by-code.tsx), each through the one confirm step
 * (./pay-confirm.tsx: the PIN, a command through the outbox with its optimistic debit and pending
 * statement row, the receipt); receive and QR codes, my-keys, contacts, devolution, limits and the Pix
 * statement in their own files. An address under /banking/pix that is no page says so and leads back.
 */
import { useEffect, useEffectEvent, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, NavLink, Route, Routes, useSearchParams } from "react-router"
import { getEngine, useLiveQuery } from "../../../workers/client.ts"
import { isValidPixKey, pixKeyType } from "../../../schema/validation.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, PageHeader, Skeleton, TextField, layout } from "../../ui/index.ts"
import * as s from "./pix.css.ts"
import { MyQrCodes, Receive } from "./receive.tsx"
import { PayByCode } from "./pay-by-code.tsx"
import { Devolution, ReceivedPix } from "./devolution.tsx"
import { PixStatement } from "./statement.tsx"
import { PixLimits } from "./limits.tsx"
import { PayConfirm, type PayBeneficiary } from "./pay-confirm.tsx"
import { OwnAccount, PayByAccount } from "./pay-by-account.tsx"
import { AddContact, FavoredContacts, PayWithContact } from "./contacts.tsx"
import { MyKeys } from "./keys.tsx"
import { MedContests, MedOpen } from "./med.tsx"

export function PixPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  useEffect(() => {
    document.title = `${t("pix:title")} · ${t("common:appName")}`
  }, [t])
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${s.tab} ${s.tabActive}` : s.tab)
  return (
    <div className={layout.page} data-testid="pix-page">
      <PageHeader title={t("pix:title")} subtitle={t("pix:subtitle")} />
      <nav aria-label={t("pix:tabs.label")} className={s.tabs}>
        <NavLink end to={lp("/banking/pix")} className={tabClass}>
          {t("pix:tabs.home")}
        </NavLink>
        <NavLink to={lp("/banking/pix/pay")} className={tabClass}>
          {t("pix:tabs.pay")}
        </NavLink>
        <NavLink to={lp("/banking/pix/receive")} className={tabClass}>
          {t("pix:tabs.receive")}
        </NavLink>
        <NavLink to={lp("/banking/pix/my-qr-codes")} className={tabClass}>
          {t("pix:tabs.qrCodes")}
        </NavLink>
        <NavLink to={lp("/banking/pix/my-keys")} className={tabClass}>
          {t("pix:tabs.keys")}
        </NavLink>
        <NavLink to={lp("/banking/pix/favored-contacts")} className={tabClass}>
          {t("pix:tabs.contacts")}
        </NavLink>
        <NavLink to={lp("/banking/pix/limit")} className={tabClass}>
          {t("pix:tabs.limits")}
        </NavLink>
        <NavLink end to={lp("/banking/pix/med")} className={tabClass} data-testid="pix-tab-med">
          {t("pix:tabs.med")}
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<PixHome />} />
        <Route path="pay" element={<Pay />} />
        <Route path="pay/:id/devolution" element={<Devolution />} />
        <Route
          path="receive"
          element={
            <div className={layout.stack}>
              <Receive />
              <OwnAccount />
            </div>
          }
        />
        <Route path="my-qr-codes" element={<MyQrCodes />} />
        <Route path="my-keys" element={<MyKeys />} />
        <Route path="statements" element={<PixStatement />} />
        <Route path="limit" element={<PixLimits />} />
        <Route path="med" element={<MedContests />} />
        <Route path="med/new" element={<MedOpen />} />
        <Route path="favored-contacts" element={<FavoredContacts />} />
        <Route path="favored-contacts/add" element={<AddContact />} />
        <Route path="pay/pay-with-contact" element={<PayWithContact payForm={(key) => <PayByKey key={key} initialKey={key} />} />} />
        <Route path="*" element={<PixNotFound />} />
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
        <p className={s.balance} data-testid="pix-balance" data-balance={brl?.balance ?? ""}>
          {brl ? f.brl(brl.balance) : <Skeleton height={28} />}
        </p>
      </Card>
      <div className={s.actions}>
        <Link className={s.action} to={lp("/banking/pix/pay")} data-testid="pix-action-pay">
          <strong>{t("pix:home.pay")}</strong>
          <span>{t("pix:home.payHint")}</span>
        </Link>
        <Link className={s.action} to={lp("/banking/pix/pay?by=code")} data-testid="pix-action-code">
          <strong>{t("pix:home.code")}</strong>
          <span>{t("pix:home.codeHint")}</span>
        </Link>
        <Link className={s.action} to={lp("/banking/pix/receive")} data-testid="pix-action-receive">
          <strong>{t("pix:home.receive")}</strong>
          <span>{t("pix:home.receiveHint")}</span>
        </Link>
        <Link className={s.action} to={lp("/banking/pix/my-keys")} data-testid="pix-action-keys">
          <strong>{t("pix:home.keys")}</strong>
          <span>{t("pix:home.keysHint")}</span>
        </Link>
        <Link className={s.action} to={lp("/banking/statements")} data-testid="pix-action-statement">
          <strong>{t("pix:home.statement")}</strong>
          <span>{t("pix:home.statementHint")}</span>
        </Link>
        <Link className={s.action} to={lp("/banking/pix/statements")} data-testid="pix-action-pix-statement">
          <strong>{t("pix:statement.link")}</strong>
          <span>{t("pix:statement.linkHint")}</span>
        </Link>
      </div>
      <ReceivedPix />
    </div>
  )
}

/** features §2 pay: by key, by account (`?by=account`) or by copy-and-paste code / QR image (`?by=code`). */
function Pay() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const [params] = useSearchParams()
  const by = params.get("by") === "code" ? "code" : params.get("by") === "account" ? "account" : "key"
  const tabClass = (on: boolean) => (on ? `${s.tab} ${s.tabActive}` : s.tab)
  return (
    <div className={layout.stack}>
      <nav aria-label={t("pix:pay.methods")} className={s.methods}>
        <Link to={lp("/banking/pix/pay")} className={tabClass(by === "key")} aria-current={by === "key" ? "page" : undefined} data-testid="pix-by-key">
          {t("pix:pay.byKey")}
        </Link>
        <Link
          to={lp("/banking/pix/pay?by=account")}
          className={tabClass(by === "account")}
          aria-current={by === "account" ? "page" : undefined}
          data-testid="pix-by-account"
        >
          {t("pix:pay.byAccount")}
        </Link>
        <Link
          to={lp("/banking/pix/pay?by=code")}
          className={tabClass(by === "code")}
          aria-current={by === "code" ? "page" : undefined}
          data-testid="pix-by-code"
        >
          {t("pix:pay.byCode")}
        </Link>
        <Link to={lp("/banking/pix/pay/pay-with-contact")} className={tabClass(false)} data-testid="pix-by-contact">
          {t("pix:contacts.payTitle")}
        </Link>
      </nav>
      {by === "code" ? <PayByCode /> : by === "account" ? <PayByAccount /> : <PayByKey />}
    </div>
  )
}

interface Decoded {
  readonly key: string
  readonly key_type: string
  readonly beneficiary_name: string
  readonly beneficiary_document: string
  readonly beneficiary_bank: string
}

const KEY_TYPES = ["cpf", "cnpj", "email", "phone", "random"] as const
/** The decoded key's type as the scheduling commands name it (the decode's own, else read from the key). */
const keyTypeOf = (d: Decoded): (typeof KEY_TYPES)[number] => KEY_TYPES.find((x) => x === d.key_type) ?? pixKeyType(d.key) ?? "random"

/** features §2 pay by key: key → who receives → amount → PIN (the shell's prompt) → done (./pay-confirm.tsx). `initialKey`: pay-with-contact's key, looked up at once. */
function PayByKey({ initialKey }: { readonly initialKey?: string } = {}) {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const [key, setKey] = useState(initialKey ?? "")
  const [keyError, setKeyError] = useState<string | null>(null)
  const [decoded, setDecoded] = useState<Decoded | null>(null)
  const [looking, setLooking] = useState(false)

  const lookUp = async (e?: FormEvent): Promise<void> => {
    e?.preventDefault()
    setKeyError(null)
    setDecoded(null)
    const typed = key.trim()
    if (!isValidPixKey(typed)) {
      setKeyError(t("pix:pay.invalidKey"))
      return
    }
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
  // (once, when that becomes true: the look-up reads the key and wallet of that moment, an effect event)
  const wantsLookUp = initialKey !== undefined && wallet !== null
  const lookUpContact = useEffectEvent(() => {
    void lookUp()
  })
  useEffect(() => {
    if (wantsLookUp) lookUpContact()
  }, [wantsLookUp])

  const head = (
    <Card>
      <form
        onSubmit={(e) => {
          void lookUp(e)
        }}
        className={layout.stack}
        noValidate
        data-testid="pix-key-form"
      >
        <TextField
          label={t("pix:pay.key")}
          hint={t("pix:pay.keyHint")}
          value={key}
          onChange={(v) => {
            setKey(v)
            setDecoded(null)
          }}
          error={keyError}
          autoComplete="off"
          data-testid="pix-key"
        />
        <div>
          <Button type="submit" busy={looking} data-testid="pix-key-continue">
            {t("pix:pay.lookUp")}
          </Button>
        </div>
      </form>
    </Card>
  )
  const beneficiary: PayBeneficiary | null =
    decoded === null
      ? null
      : {
          name: decoded.beneficiary_name,
          document: decoded.beneficiary_document,
          rows: [
            [t("pix:pay.bank"), decoded.beneficiary_bank],
            [t("pix:pay.keyType"), t(`pix:keyTypes.${pixKeyType(decoded.key) ?? "random"}`)]
          ],
          receipt: { institution: decoded.beneficiary_bank, account: decoded.key }
        }
  return (
    <PayConfirm
      head={head}
      beneficiary={beneficiary}
      schedulable={decoded === null ? null : { key: decoded.key, key_type: keyTypeOf(decoded) }}
      command={(amount, description) => ({ body: { name: "v1.pix.payByKey", payload: { key: decoded?.key ?? "", amount, description } } })}
      onAgain={() => {
        setDecoded(null)
        setKey("")
      }}
    />
  )
}

/** An address under /banking/pix that is no page (every page of features §2 Pix exists). */
function PixNotFound() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  return (
    <Card>
      <div className={layout.stack} data-testid="pix-not-found">
        <h2>{t("pix:notFound.title")}</h2>
        <p className={layout.muted}>{t("pix:notFound.text")}</p>
        <div>
          <Link to={lp("/banking/pix")}>{t("pix:notFound.back")}</Link>
        </div>
      </div>
    </Card>
  )
}
