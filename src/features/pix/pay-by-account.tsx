/**
 * pay by account (spec features §2 pay "by account", §7 decode/by-account and by-account/instant-billing;
 * issue 12; D-pix-by-account): the bank searched in the directory (schema/banks.ts, the TED's) by name or
 * code, agency, account with its digit, account type and the beneficiary's CPF or CNPJ (masked while
 * typing, check digits verified); the sandbox decodes it to its holder, then the same confirm step,
 * PIN and receipt as pay by key (./pay-confirm.tsx). A refusal (unknown account, a document that is
 * not the holder's) is said beside its field and keeps everything typed. `OwnAccount`: the wallet's own
 * account at the sandbox bank (the TED's), shown on receive so a payer by account can be told it.
 */
import { useEffect, useMemo, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { searchBanks, TED_BANKS, type Bank } from "../../../schema/banks.ts"
import { maskDocumentTyping } from "../../../schema/ted.ts"
import { PIX_ACCOUNT_TYPES, pixAccountProblems, type PixAccountDecoded, type PixAccountField, type PixAccountType } from "../../../schema/pix-account.ts"
import type { BankingAccount } from "../../../schema/entities.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useAppState } from "../../lib/app-state.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, Combobox, Select, TextField, layout, type ComboOption } from "../../ui/index.ts"
import { PayConfirm, type PayBeneficiary } from "./pay-confirm.tsx"
import * as s from "./pix.css.ts"

interface Form {
  readonly bank: Bank | null
  readonly agency: string
  readonly account: string
  readonly digit: string
  readonly accountType: PixAccountType | ""
  readonly document: string
}
const EMPTY: Form = { bank: null, agency: "", account: "", digit: "", accountType: "", document: "" }
const bankLabel = (b: Bank): string => `${b.code} · ${b.name}`
/** The catalogue keys a decode answers about one field (D-pix-by-account). */
const FIELD_OF: Readonly<Record<string, PixAccountField>> = { PIX_ACCOUNT_NOT_FOUND: "account", PIX_ACCOUNT_DOCUMENT_NOT_RELATED: "document" }

export function PayByAccount() {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const [form, setForm] = useState<Form>(EMPTY)
  const [bankText, setBankText] = useState("")
  const [errors, setErrors] = useState<Partial<Record<PixAccountField, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [decoded, setDecoded] = useState<PixAccountDecoded | null>(null)
  const [looking, setLooking] = useState(false)
  // features §3 bank search by name or code: the directory's own rule, locally (the list is small and static)
  const bankOptions = useMemo(
    () => (form.bank !== null && bankText === bankLabel(form.bank) ? [form.bank] : searchBanks(TED_BANKS, bankText).slice(0, 12)),
    [bankText, form.bank]
  )

  const set = <K extends keyof Form>(k: K, v: Form[K]): void => {
    setForm((x) => ({ ...x, [k]: v }))
    const field: PixAccountField = k === "bank" ? "bank_code" : k === "accountType" ? "account_type" : (k as PixAccountField)
    setErrors((e) => {
      const n = { ...e }
      delete n[field]
      return n
    })
    setFormError(null)
    setDecoded(null)
  }

  const message = (key: string): string => t(`errors:${key}`, { defaultValue: t(`validation:${key}`, { defaultValue: key }) })
  const fieldError = (k: PixAccountField): string | null => (errors[k] === undefined ? null : message(errors[k]))

  const body = () => ({
    bank_code: form.bank?.code ?? "",
    agency: form.agency.trim(),
    account: form.account.trim(),
    digit: form.digit.trim().toUpperCase(),
    account_type: form.accountType as PixAccountType,
    document: form.document.replace(/\D/g, "")
  })

  const lookUp = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setFormError(null)
    setDecoded(null)
    const b = body()
    const problems = pixAccountProblems({ ...b, account_type: form.accountType })
    setErrors(problems)
    if (Object.keys(problems).length > 0) {
      setFormError(t("pix:account.fixFields"))
      return
    }
    if (!wallet) return
    setLooking(true)
    try {
      const r = await getEngine().call("pixDecodeByAccount", { walletId: wallet.id, body: b })
      setDecoded(r.data)
    } catch (err) {
      const key = errorKeyOf(err)
      const field = FIELD_OF[key]
      if (field !== undefined) setErrors({ [field]: key })
      setFormError(message(key))
    } finally {
      setLooking(false)
    }
  }

  const options: ReadonlyArray<ComboOption> = bankOptions.map((b) => ({ value: b.code, label: bankLabel(b) }))
  const head = (
    <Card>
      <form
        onSubmit={(e) => {
          void lookUp(e)
        }}
        className={layout.stack}
        noValidate
        data-testid="pix-account-form"
      >
        <Combobox
          label={t("pix:account.bank")}
          text={bankText}
          options={options}
          testId="pix-account-bank"
          onTextChange={(v) => {
            setBankText(v)
            if (form.bank !== null) set("bank", null)
          }}
          onSelect={(o) => {
            const b = bankOptions.find((x) => x.code === o.value) ?? null
            set("bank", b)
            setBankText(b ? bankLabel(b) : "")
          }}
          loadingText={t("pix:account.searching")}
          emptyText={t("pix:account.noBank")}
          placeholder={t("pix:account.bankHint")}
          required
          error={fieldError("bank_code")}
        />
        <TextField
          label={t("pix:account.agency")}
          value={form.agency}
          onChange={(v) => set("agency", v)}
          inputMode="numeric"
          maxLength={4}
          required
          error={fieldError("agency")}
          data-testid="pix-account-agency"
        />
        <TextField
          label={t("pix:account.account")}
          value={form.account}
          onChange={(v) => set("account", v)}
          inputMode="numeric"
          maxLength={12}
          required
          error={fieldError("account")}
          data-testid="pix-account-number"
        />
        <TextField
          label={t("pix:account.digit")}
          value={form.digit}
          onChange={(v) => set("digit", v)}
          maxLength={1}
          required
          error={fieldError("digit")}
          data-testid="pix-account-digit"
        />
        <Select
          label={t("pix:account.type")}
          value={form.accountType}
          onChange={(v) => set("accountType", v as PixAccountType)}
          placeholder={t("pix:account.choose")}
          options={PIX_ACCOUNT_TYPES.map((x) => ({ value: x, label: t(`pix:account.types.${x}`) }))}
          required
          error={fieldError("account_type")}
          data-testid="pix-account-type"
        />
        <TextField
          label={t("pix:account.document")}
          value={form.document}
          onChange={(v) => set("document", maskDocumentTyping(v))}
          inputMode="numeric"
          required
          error={fieldError("document")}
          data-testid="pix-account-document"
        />
        {formError ? (
          <p className={layout.errorText} role="alert" data-testid="pix-account-error">
            {formError}
          </p>
        ) : null}
        <div>
          <Button type="submit" busy={looking} data-testid="pix-account-continue">
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
            [t("pix:pay.bank"), `${decoded.bank_code} · ${decoded.bank_name}`],
            [t("pix:account.agencyAccount"), `${decoded.agency} · ${decoded.account}-${decoded.digit}`],
            [t("pix:account.type"), t(`pix:account.types.${decoded.account_type}`)]
          ],
          receipt: { institution: `${decoded.bank_code} · ${decoded.bank_name}`, account: `${decoded.agency} · ${decoded.account}-${decoded.digit}` }
        }
  return (
    <PayConfirm
      head={head}
      beneficiary={beneficiary}
      command={(amount, description) => {
        const d = decoded as PixAccountDecoded
        const payload = { ...body(), bank_code: d.bank_code, account_type: d.account_type, amount, description, beneficiary_name: d.beneficiary_name }
        return { body: { name: "v1.pix.payByAccount", payload } }
      }}
      onAgain={() => {
        setDecoded(null)
        setForm(EMPTY)
        setBankText("")
        setErrors({})
      }}
    />
  )
}

/** features §2 receive (D-pix-by-account): the wallet's own bank, agency and account — what a payer by account types, with the holder's CPF or CNPJ. */
export function OwnAccount() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const profile = useAppState((st) => st.profile)
  // the holder's document is the signed-in user's only on a wallet they own (else the owner tells it)
  const document = profile && wallet && wallet.owner_id === profile.id ? profile.document : null
  const [account, setAccount] = useState<BankingAccount | null>(null)
  useEffect(() => {
    if (!wallet) return
    let alive = true
    setAccount(null)
    getEngine()
      .call("bankingAccount", { walletId: wallet.id })
      .then(
        (r) => {
          if (alive) setAccount(r.data)
        },
        () => undefined
      )
    return () => {
      alive = false
    }
  }, [wallet])
  if (account === null) return null
  return (
    <Card>
      <div className={layout.stack} data-testid="pix-own-account">
        <h2>{t("pix:account.ownTitle")}</h2>
        <p className={layout.muted}>{t("pix:account.ownHint")}</p>
        <dl className={s.beneficiary}>
          <dt>{t("pix:pay.bank")}</dt>
          <dd data-testid="pix-own-bank">{`${account.bank_code} · ${account.bank_name}`}</dd>
          <dt>{t("pix:account.agency")}</dt>
          <dd data-testid="pix-own-agency">{account.agency}</dd>
          <dt>{t("pix:account.account")}</dt>
          <dd data-testid="pix-own-number">{`${account.account}-${account.digit}`}</dd>
          <dt>{t("pix:account.ownHolder")}</dt>
          <dd data-testid="pix-own-holder">{document ? `${wallet?.owner_name ?? ""} · ${f.document(document)}` : (wallet?.owner_name ?? "")}</dd>
        </dl>
      </div>
    </Card>
  )
}
