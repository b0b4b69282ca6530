/**
 * Conversion between BRL and a coin (spec features §2 coins "balances per currency and
 * conversion", §3 conversion "sell price, buy price, IOF tax, spread", §5 "Conversion amount has
 * a minimum", §6 "Conversion only on the default wallet", §7 spot quote and POST
 * /users/v2/conversions, §9 locked currencies EUR/USD/BRZ; core §2.4 balance card rules; DESIGN
 * "Commands"). Only on the default wallet (the page says why otherwise). A spot quote shows the
 * buy and sell prices, IOF and spread; the expected result is computed on integer minor units;
 * confirming submits the `v1.coins.convert` command to the outbox (deduplicated by the quote, so
 * a double click sends once); the engine asks for the PIN through the app's PIN prompt, shows
 * the optimistic balance change as pending, sends exactly once and reports the outcome, which
 * this panel follows through the live `commands` query.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { getEngine, submitCommand, useLiveQuery } from "../../../workers/client.ts"
import type { WalletAccountView } from "../../../workers/results.ts"
import { CURRENCY_DECIMALS, LOCKED_CURRENCIES, type CurrencySymbol } from "../../../schema/common.ts"
import type { Currency, SpotQuote, Wallet } from "../../../schema/entities.ts"
import { TERMINAL_STATES, type CommandState } from "../../../schema/command-states.ts"
import { parseMoneyInput } from "../../../schema/validation.ts"
import { bpsToPercent, conversionProblem, estimateConversion, parseDecimalInput, type ConversionSide } from "../../lib/conversion-math.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { confirmDialog, toast } from "../../lib/feedback.ts"
import { useFormat } from "../../lib/use-format.ts"
import { ReceiptAction } from "../../lib/receipt-view.tsx"
import { Button, Card, MoneyField, RadioGroup, Select, Skeleton, TextField, layout } from "../../ui/index.ts"
import * as s from "./coins.css.ts"

const isLocked = (c: string): boolean => (LOCKED_CURRENCIES as ReadonlyArray<string>).includes(c)
const decimalsOf = (c: string): number => CURRENCY_DECIMALS[c as CurrencySymbol] ?? 8

/** features §9 / core §9: convertible coins are those the API marks so, never EUR, USD or BRZ. */
export function convertibleCoins(currencies: ReadonlyArray<Currency>): CurrencySymbol[] {
  return currencies.filter((c) => c.convertible && !isLocked(c.symbol) && c.symbol !== "BRL").map((c) => c.symbol)
}

export interface ConvertPanelProps {
  readonly wallet: Wallet
  readonly accounts: ReadonlyArray<WalletAccountView>
  /** The balances are not in yet (the submit waits for them: an amount cannot be checked against them). */
  readonly accountsLoading?: boolean
  readonly currencies: ReadonlyArray<Currency> | null
  /** `?from=` of the balance card's Convert entry (core §2.4). */
  readonly initialFrom: string | null
  /** A conversion ended: the page refreshes what depends on it. */
  readonly onSettled: () => void
}

export function ConvertPanel({ wallet, accounts, accountsLoading = false, currencies, initialFrom, onSettled }: ConvertPanelProps) {
  const { t } = useTranslation()
  const f = useFormat()
  const loc = f.locale === "en" ? "en" : "pt"
  const coins = useMemo(() => convertibleCoins(currencies ?? []), [currencies])
  const [coin, setCoin] = useState<CurrencySymbol | null>(null)
  const [side, setSide] = useState<ConversionSide>(initialFrom && initialFrom !== "BRL" ? "sell" : "buy")
  const [amountText, setAmountText] = useState("")
  const [touched, setTouched] = useState(false)
  const [quote, setQuote] = useState<SpotQuote | null>(null)
  const [quoteError, setQuoteError] = useState<string | null>(null)
  const [quoting, setQuoting] = useState(false)
  const [now, setNow] = useState(() => Date.now())
  const [commandId, setCommandId] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  const chosen: CurrencySymbol | null = coin ?? (coins.includes(initialFrom as CurrencySymbol) ? (initialFrom as CurrencySymbol) : (coins[0] ?? null))
  const from: CurrencySymbol | null = chosen === null ? null : side === "buy" ? "BRL" : chosen
  const to: CurrencySymbol | null = chosen === null ? null : side === "buy" ? chosen : "BRL"

  const fetchQuote = useCallback(
    async (c: CurrencySymbol): Promise<SpotQuote | null> => {
      setQuoting(true)
      try {
        const r = await getEngine().call("spotQuote", { walletId: wallet.id, query: { base: c, quote: "BRL" } })
        setQuote(r.data)
        setQuoteError(null)
        return r.data
      } catch (e) {
        setQuote(null)
        setQuoteError(errorI18nKey(e))
        return null
      } finally {
        setQuoting(false)
      }
    },
    [wallet.id]
  )
  useEffect(() => {
    if (chosen) void fetchQuote(chosen)
  }, [chosen, fetchQuote])
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [])
  const secondsLeft = quote ? Math.max(0, Math.ceil((Date.parse(quote.expires_at) - now) / 1000)) : 0
  const expired = quote !== null && secondsLeft <= 0

  // the command this panel submitted, as the engine reports it
  const commands = useLiveQuery({ kind: "commands" })
  const command = commandId ? commands?.find((c) => c.id === commandId) : undefined
  const open = command !== undefined && !TERMINAL_STATES.includes(command.state)
  // once per command reaching its end: the effect follows this command's state only (state changes of other
  // commands do not re-run it); what it does reads this render's coin and texts (an effect event)
  const commandState = command?.state
  const onCommandEnded = useEffectEvent((state: CommandState) => {
    if (state === "confirmed") {
      toast("success", t("coins:convert.doneTitle"), t("coins:convert.done"))
      setAmountText("")
      setTouched(false)
    }
    onSettled()
    if (chosen) void fetchQuote(chosen)
  })
  useEffect(() => {
    if (commandState !== undefined && TERMINAL_STATES.includes(commandState)) onCommandEnded(commandState)
  }, [commandState])

  const amount = from === null ? null : from === "BRL" ? parseMoneyInput(amountText, f.locale) : parseDecimalInput(amountText, decimalsOf(from), loc)
  const available = from === null ? 0 : (accounts.find((a) => a.currency_symbol === from)?.balance ?? 0)
  const estimate = quote && amount !== null && chosen ? estimateConversion(side, amount, decimalsOf(chosen), quote) : null
  const problem = quote && amount !== null ? conversionProblem(amount, available, estimate, quote) : null
  const inputError =
    !touched || amountText.trim() === ""
      ? null
      : amount === null
        ? from === "BRL"
          ? t("validation:VALIDATION_MONEY")
          : t("coins:convert.invalidAmount", { decimals: from ? decimalsOf(from) : 8 })
        : problem === "AMOUNT_BELOW_MINIMUM"
          ? t("coins:convert.belowMinimum", { min: f.brl(quote?.min_amount ?? 0) })
          : problem === "INSUFFICIENT_BALANCE"
            ? t("errors:INSUFFICIENT_BALANCE")
            : null
  // what a conversion is checked against is not in yet: the first quote (not failed) or the balances
  const waiting = accountsLoading || (quote === null && quoteError === null)
  const canSubmit = quote !== null && estimate !== null && problem === null && amount !== null && !open && !submitting && from !== null && to !== null

  const submit = async (): Promise<void> => {
    setTouched(true)
    if (!canSubmit || !quote || !estimate || amount === null || !from || !to || !chosen) return
    let q = quote
    let est = estimate
    if (Date.parse(q.expires_at) <= Date.now()) {
      // features §3: a conversion runs at a live quote; an old one is renewed and shown first
      const fresh = await fetchQuote(chosen)
      if (!fresh) return
      toast("info", t("coins:convert.quoteRenewed"))
      q = fresh
      const e2 = estimateConversion(side, amount, decimalsOf(chosen), q)
      if (!e2 || conversionProblem(amount, available, e2, q) !== null) return
      est = e2
    }
    const ok = await confirmDialog({
      title: t("coins:convert.confirmTitle"),
      html: t("coins:convert.confirmHtml", {
        from: f.amount(amount, from),
        to: f.amount(est.toAmount, to),
        iof: f.brl(est.iof),
        price: f.brl(est.price),
        coin: chosen
      }),
      confirmLabel: t("coins:convert.confirm"),
      cancelLabel: t("common:actions.cancel")
    })
    if (!ok) return
    setSubmitting(true)
    try {
      const id = await submitCommand(
        wallet.id,
        {
          name: "v1.coins.convert",
          payload: { quote_id: q.quote_id, side, from_currency: from, to_currency: to, amount, expected_to_amount: est.toAmount }
        },
        `convert:${q.quote_id}`
      )
      setCommandId(id)
    } catch (e) {
      toast("error", t("coins:convert.failedTitle"), t(errorI18nKey(e)))
    } finally {
      setSubmitting(false)
    }
  }

  if (currencies === null)
    return (
      <Card title={t("coins:convert.title")}>
        <Skeleton height={220} />
      </Card>
    )
  if (coins.length === 0 || chosen === null || from === null || to === null) {
    return (
      <Card title={t("coins:convert.title")}>
        <p className={layout.muted}>{t("coins:convert.noCoins")}</p>
      </Card>
    )
  }
  return (
    <Card title={t("coins:convert.title")} data-testid="convert-panel">
      <form
        className={layout.form}
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
        noValidate
      >
        <div className={layout.formGrid}>
          <Select
            label={t("coins:convert.coin")}
            value={chosen}
            onChange={(v) => {
              setCoin(v as CurrencySymbol)
              setAmountText("")
              setTouched(false)
            }}
            options={coins.map((c) => ({ value: c, label: `${c} · ${currencies.find((x) => x.symbol === c)?.name ?? c}` }))}
            data-testid="convert-coin"
          />
          <RadioGroup
            label={t("coins:convert.side")}
            value={side}
            onChange={(v) => {
              setSide(v === "sell" ? "sell" : "buy")
              setAmountText("")
              setTouched(false)
            }}
            options={[
              { value: "buy", label: t("coins:convert.buy", { coin: chosen }) },
              { value: "sell", label: t("coins:convert.sell", { coin: chosen }) }
            ]}
          />
        </div>

        <div className={s.quote} data-testid="convert-quote" aria-busy={quoting || undefined}>
          {quote ? (
            <>
              <span className={s.quoteItem}>
                <span className={s.quoteLabel}>{t("coins:quote.buy")}</span>
                <span className={s.quoteValue} data-testid="quote-buy">
                  {t("coins:quote.perUnit", { price: f.brl(quote.price_buy), coin: chosen })}
                </span>
              </span>
              <span className={s.quoteItem}>
                <span className={s.quoteLabel}>{t("coins:quote.sell")}</span>
                <span className={s.quoteValue} data-testid="quote-sell">
                  {t("coins:quote.perUnit", { price: f.brl(quote.price_sell), coin: chosen })}
                </span>
              </span>
              <span className={s.quoteItem}>
                <span className={s.quoteLabel}>{t("coins:quote.iof")}</span>
                <span className={s.quoteValue} data-testid="quote-iof">{`${bpsToPercent(quote.iof_bps, loc)}%`}</span>
              </span>
              <span className={s.quoteItem}>
                <span className={s.quoteLabel}>{t("coins:quote.spread")}</span>
                <span className={s.quoteValue} data-testid="quote-spread">
                  {t("coins:quote.bps", { percent: bpsToPercent(quote.spread_bps, loc), bps: quote.spread_bps })}
                </span>
              </span>
              <span className={s.quoteItem}>
                <span className={s.quoteLabel}>{t("coins:quote.minimum")}</span>
                <span className={s.quoteValue} data-testid="quote-min">
                  {f.brl(quote.min_amount)}
                </span>
              </span>
              <span className={s.quoteItem}>
                <span className={s.quoteLabel}>{t("coins:quote.validity")}</span>
                <span className={s.quoteValue}>{expired ? t("coins:quote.expired") : t("coins:quote.seconds", { count: secondsLeft })}</span>
              </span>
            </>
          ) : quoteError ? (
            <span className={layout.errorText} role="alert">
              {t(quoteError)}
            </span>
          ) : (
            <Skeleton height={56} />
          )}
        </div>
        <div className={layout.row}>
          <Button
            variant="ghost"
            size="sm"
            busy={quoting}
            onClick={() => {
              void fetchQuote(chosen)
            }}
            data-testid="quote-refresh"
          >
            {t("coins:quote.refresh")}
          </Button>
        </div>

        {from === "BRL" ? (
          <MoneyField
            label={t("coins:convert.amount", { currency: from })}
            value={amountText}
            onChange={(text) => setAmountText(text)}
            onBlur={() => setTouched(true)}
            error={inputError}
            hint={t("coins:convert.available", { value: f.amount(available, from) })}
            data-testid="convert-amount"
          />
        ) : (
          <TextField
            label={t("coins:convert.amount", { currency: from })}
            value={amountText}
            onChange={setAmountText}
            onBlur={() => setTouched(true)}
            inputMode="decimal"
            autoComplete="off"
            error={inputError}
            hint={t("coins:convert.available", { value: f.amount(available, from) })}
            data-testid="convert-amount"
          />
        )}

        <div className={s.result} data-testid="convert-result" data-to-amount={estimate?.toAmount ?? ""}>
          <span className={layout.muted}>{t("coins:convert.youReceive")}</span>
          <span className={s.resultValue}>{estimate ? f.amount(estimate.toAmount, to) : "—"}</span>
          {estimate ? <span className={layout.muted}>{t("coins:convert.iofAmount", { value: f.brl(estimate.iof) })}</span> : null}
        </div>

        <CommandStatus command={command} />

        <div className={layout.actions}>
          {/* while the quote or the balances are on their way the button waits (busy): a press then was dropped unseen */}
          <Button type="submit" disabled={waiting || (!canSubmit && touched)} busy={submitting || open || waiting} data-testid="convert-submit">
            {t("coins:convert.submit")}
          </Button>
          {command?.state === "confirmed" ? <ReceiptAction walletId={command.wallet_id} commandId={command.id} /> : null}
        </div>
      </form>
    </Card>
  )
}

function CommandStatus({ command }: { readonly command: { readonly id: string; readonly state: string; readonly error_key?: string } | undefined }) {
  const { t } = useTranslation()
  if (!command) return null
  const { state, error_key: key } = command
  const tone = state === "confirmed" ? s.statusOk : state === "rejected" || state === "failed" ? s.statusBad : s.statusInfo
  return (
    <div
      className={[s.status, tone].join(" ")}
      role="status"
      aria-live="polite"
      data-testid="convert-status"
      data-state={state}
      data-command-id={command.id}
      data-error-key={key ?? ""}
    >
      <strong>{t(`coins:command.${state}`, { defaultValue: state })}</strong>
      {key && state === "awaiting-pin" ? (
        <span data-testid="convert-status-error">{`${t(`errors:${key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })} ${t("coins:command.tryAgain")}`}</span>
      ) : null}
      {key && (state === "rejected" || state === "failed") ? (
        <span data-testid="convert-status-error">{t(`errors:${key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}</span>
      ) : null}
    </div>
  )
}
