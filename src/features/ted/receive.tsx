/**
 * ted/receive (spec features §2 TED receive, §7 /users/users/banking/accounts; issue 14): the wallet's
 * own bank (code, name, ISPB), agency and account with its digit, each with a copy button, and a
 * share of the whole (the system's share sheet where the browser has one, else copied).
 */
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import type { BankingAccount } from "../../../schema/entities.ts"
import { bankByCode } from "../../../schema/banks.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, Skeleton, layout } from "../../ui/index.ts"
import * as s from "./ted.css.ts"

export function ReceiveTed() {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const [account, setAccount] = useState<BankingAccount | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!wallet) return
    let alive = true
    setAccount(null)
    setError(null)
    getEngine()
      .call("bankingAccount", { walletId: wallet.id })
      .then(
        (r) => {
          if (alive) setAccount(r.data)
        },
        (e: unknown) => {
          if (alive) setError(errorKeyOf(e))
        }
      )
    return () => {
      alive = false
    }
  }, [wallet])

  const copy = (text: string): void => {
    navigator.clipboard?.writeText(text).then(
      () => toast("success", t("ted:receive.copied")),
      () => toast("error", t("ted:receive.copyFailed"))
    )
  }

  if (error !== null)
    return (
      <Card>
        <p className={layout.errorText} role="alert">
          {t(`errors:${error}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
        </p>
      </Card>
    )
  if (account === null)
    return (
      <Card>
        <Skeleton height={200} />
      </Card>
    )

  const ispb = bankByCode(account.bank_code)?.ispb ?? ""
  const rows: ReadonlyArray<readonly [string, string, string]> = [
    ["bank", t("ted:fields.bank"), `${account.bank_code} · ${account.bank_name}`],
    ["ispb", t("ted:fields.ispb"), ispb],
    ["agency", t("ted:fields.agency"), account.agency],
    ["account", t("ted:fields.accountWithDigit"), `${account.account}-${account.digit}`]
  ]
  const all = t("ted:receive.shareText", {
    bank: `${account.bank_code} - ${account.bank_name}`,
    ispb,
    agency: account.agency,
    account: `${account.account}-${account.digit}`
  })
  const share = (): void => {
    if (typeof navigator.share === "function") {
      navigator.share({ title: t("ted:receive.shareTitle"), text: all }).catch(() => undefined)
    } else copy(all)
  }

  return (
    <Card>
      <div className={layout.stack} data-testid="ted-receive">
        <h2>{t("ted:receive.title")}</h2>
        <p className={layout.muted}>{t("ted:receive.hint")}</p>
        <div>
          {rows.map(([key, label, value]) => (
            <div key={key} className={s.copyRow} data-testid={`ted-receive-${key}`}>
              <div className={layout.stack}>
                <span className={layout.muted}>{label}</span>
                <span className={s.copyValue} data-testid={`ted-receive-${key}-value`}>
                  {value}
                </span>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => copy(key === "bank" ? account.bank_code : value)}
                aria-label={t("ted:receive.copyNamed", { name: label })}
                data-testid={`ted-copy-${key}`}
              >
                {t("ted:receive.copy")}
              </Button>
            </div>
          ))}
        </div>
        <div>
          <Button onClick={share} data-testid="ted-share">
            {t("ted:receive.share")}
          </Button>
        </div>
      </div>
    </Card>
  )
}
