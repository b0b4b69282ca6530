/**
 * One card's page (spec features §2 physical-card/{id}, virtual-card/{id}; §4 states; §5
 * activation by the last four digits, card password 4 digits; §3 number and CVV after a PIN):
 * the card drawn, the actions its state allows as commands — activate, block (no PIN,
 * D-cards-block-pin: shown "blocking…" at once and kept until the server answers), unblock, new
 * copy and delete (PIN, asked by the shell's prompt; delete with a danger confirmation) — the
 * reveal of number and CVV and the card password change (direct PIN-checked calls: their secrets
 * are never stored, D-cards-secrets), delivery tracking of a physical card, and its purchases.
 */
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { EngineError, getEngine } from "../../../workers/client.ts"
import type { CardDetails, CardTrack } from "../../../schema/cards.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { confirmDialog, toast } from "../../lib/feedback.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button, Card, Dialog, EmptyState, PinField, TextField, layout } from "../../ui/index.ts"
import { cardActions, fourDigits, groupBy4, type CardView } from "./card-rules.ts"
import { CardVisual } from "./card-visual.tsx"
import { CardStatement } from "./card-statement.tsx"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import * as s from "./cards.css.ts"

export function CardDetail({ card, walletId }: { readonly card: CardView | null; readonly walletId: string | null }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const { send, refusals } = useCommandRunner(walletId, "cards:failed")
  const [digits, setDigits] = useState("")
  const [digitsError, setDigitsError] = useState<string | null>(null)
  const [reveal, setReveal] = useState(false)
  const [password, setPassword] = useState(false)
  if (card === null) {
    return (
      <Card data-testid="card-not-found">
        <EmptyState title={t("cards:detail.notFound")} action={<Link to={lp("/banking/cards/physical-card")}>{t("cards:detail.back")}</Link>} />
      </Card>
    )
  }
  const can = cardActions(card)
  const refusal = refusals.get(card.id)
  const activate = (): void => {
    if (!fourDigits(digits)) {
      setDigitsError(t("cards:activate.invalid"))
      return
    }
    setDigitsError(null)
    send({ name: "v1.cards.activate", payload: { card_id: card.id, last_four: digits } }, card.id, "cards:activate.done")
  }
  const newCopy = async (): Promise<void> => {
    const ok = await confirmDialog({
      title: t("cards:newCopy.title"),
      html: t("cards:newCopy.html"),
      confirmLabel: t("cards:newCopy.confirm"),
      cancelLabel: t("cards:cancel")
    })
    if (ok) send({ name: "v1.cards.newCopy", payload: { card_id: card.id } }, card.id, "cards:newCopy.done", `card:${card.id}`)
  }
  const remove = async (): Promise<void> => {
    const ok = await confirmDialog({
      title: t("cards:delete.title"),
      html: t("cards:delete.html"),
      variant: "danger",
      confirmLabel: t("cards:delete.confirm"),
      cancelLabel: t("cards:cancel")
    })
    if (ok) send({ name: "v1.cards.delete", payload: { card_id: card.id } }, card.id, "cards:delete.done", `card:${card.id}`)
  }
  return (
    <div className={layout.stack} data-testid="card-detail" data-card-id={card.id}>
      <Link to={lp(card.virtual ? "/banking/cards/virtual-card" : "/banking/cards/physical-card")}>{t("cards:detail.back")}</Link>
      <div className={s.detail}>
        <div className={layout.stack}>
          <CardVisual card={card} />
          {card.replaced_by !== null ? (
            <p className={layout.muted} role="note">
              {t("cards:detail.replacedBy")}{" "}
              <Link to={lp(`/banking/cards/${card.virtual ? "virtual-card" : "physical-card"}/${card.replaced_by}`)} data-testid="card-new-copy-link">
                {t("cards:detail.seeNew")}
              </Link>
            </p>
          ) : null}
        </div>
        <div className={layout.stack}>
          {can.activate ? (
            <Card title={t("cards:activate.title")} level={2}>
              <p className={layout.muted}>{t("cards:activate.hint")}</p>
              <div className={s.row}>
                <TextField
                  label={t("cards:activate.field")}
                  value={digits}
                  onChange={(v) => setDigits(v.replace(/\D/g, "").slice(0, 4))}
                  inputMode="numeric"
                  autoComplete="off"
                  error={digitsError ?? (refusal !== undefined ? t(`errors:${refusal}`) : null)}
                  hint={t("cards:activate.attempts", { n: card.attempts_left })}
                  data-testid="activate-digits"
                />
                <Button onClick={activate} data-testid="activate-submit">
                  {t("cards:activate.submit")}
                </Button>
              </div>
            </Card>
          ) : null}
          <Card title={t("cards:detail.actions")} level={2}>
            <div className={s.actions}>
              {can.block ? (
                <Button
                  variant="danger"
                  onClick={() => send({ name: "v1.cards.block", payload: { card_id: card.id } }, card.id, "cards:block.done", `card:${card.id}`)}
                  data-testid="card-block"
                >
                  {t("cards:actions.block")}
                </Button>
              ) : null}
              {can.unblock ? (
                <Button
                  onClick={() => send({ name: "v1.cards.unblock", payload: { card_id: card.id } }, card.id, "cards:unblock.done", `card:${card.id}`)}
                  data-testid="card-unblock"
                >
                  {t("cards:actions.unblock")}
                </Button>
              ) : null}
              {can.reveal ? (
                <Button variant="secondary" onClick={() => setReveal(true)} data-testid="card-reveal">
                  {t("cards:actions.reveal")}
                </Button>
              ) : null}
              {can.password ? (
                <Button variant="secondary" onClick={() => setPassword(true)} data-testid="card-password">
                  {t("cards:actions.password")}
                </Button>
              ) : null}
              {can.newCopy ? (
                <Button variant="secondary" onClick={() => void newCopy()} data-testid="card-newcopy">
                  {t("cards:actions.newCopy")}
                </Button>
              ) : null}
              {can.remove ? (
                <Button variant="danger" onClick={() => void remove()} data-testid="card-delete">
                  {t("cards:actions.delete")}
                </Button>
              ) : null}
            </div>
            {can.block ? <p className={layout.muted}>{t("cards:block.hint")}</p> : null}
            {refusal !== undefined && !can.activate ? (
              <p className={s.error} role="alert" data-testid="card-refusal">
                {t(`errors:${refusal}`)}
              </p>
            ) : null}
          </Card>
          {can.track && walletId !== null ? <Tracking cardId={card.id} walletId={walletId} /> : null}
        </div>
      </div>
      {card.last_four !== null ? <CardStatement cards={[card]} walletId={walletId} only={card} /> : null}
      {reveal && walletId !== null ? <RevealDialog card={card} walletId={walletId} onClose={() => setReveal(false)} /> : null}
      {password && walletId !== null ? <PasswordDialog card={card} walletId={walletId} onClose={() => setPassword(false)} /> : null}
    </div>
  )
}

/**
 * PIN → pin_token → the call, its answer held in the dialog's state only (never stored). The same PIN
 * verified again within the client's 1 s dedup window (core §7) is sent once more after it.
 */
async function withPin<T>(pin: string, fn: (pinToken: string) => Promise<T>): Promise<T> {
  const verify = () => getEngine().call("verifyPin", { body: { pin } })
  const r = await verify().catch(async (e: unknown) => {
    if (!(e instanceof EngineError) || e.tag !== "DuplicateRequest") throw e
    await new Promise((ok) => setTimeout(ok, 1100))
    return verify()
  })
  return fn(r.data.pin_token)
}

function RevealDialog({ card, walletId, onClose }: { readonly card: CardView; readonly walletId: string; readonly onClose: () => void }) {
  const { t } = useTranslation()
  const [pin, setPin] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [details, setDetails] = useState<CardDetails | null>(null)
  const submit = (): void => {
    setBusy(true)
    setError(null)
    withPin(pin, (pin_token) => getEngine().call("cardShow", { walletId, params: { id: card.id }, body: { pin_token } }))
      .then(
        (r) => {
          setDetails(r.data)
          setPin("")
        },
        (e: unknown) => setError(t(`errors:${errorKeyOf(e)}`))
      )
      .finally(() => setBusy(false))
  }
  const copy = (): void => {
    if (details === null) return
    navigator.clipboard?.writeText(details.number).then(
      () => toast("success", t("cards:reveal.copied")),
      () => undefined
    )
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("cards:reveal.title")}
      testId="reveal-dialog"
      footer={
        details === null ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t("cards:cancel")}
            </Button>
            <Button onClick={submit} busy={busy} disabled={pin.length !== 4} data-testid="reveal-submit">
              {t("cards:reveal.submit")}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={copy} data-testid="reveal-copy">
              {t("cards:reveal.copy")}
            </Button>
            <Button onClick={onClose}>{t("cards:close")}</Button>
          </>
        )
      }
    >
      <p className={layout.muted}>{t("cards:reveal.hint")}</p>
      {details === null ? (
        <PinField label={t("cards:reveal.pin")} value={pin} onChange={setPin} error={error} data-testid="reveal-pin" />
      ) : (
        <dl>
          <dt>{t("cards:reveal.number")}</dt>
          <dd className={s.secret} data-testid="reveal-number">
            {groupBy4(details.number)}
          </dd>
          <dt>{t("cards:reveal.cvv")}</dt>
          <dd className={s.secret} data-testid="reveal-cvv">
            {details.cvv}
          </dd>
        </dl>
      )}
    </Dialog>
  )
}

function PasswordDialog({ card, walletId, onClose }: { readonly card: CardView; readonly walletId: string; readonly onClose: () => void }) {
  const { t } = useTranslation()
  const [pw, setPw] = useState("")
  const [again, setAgain] = useState("")
  const [pin, setPin] = useState("")
  const [error, setError] = useState<{ field: "pw" | "again" | "pin"; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = (): void => {
    if (!fourDigits(pw)) {
      setError({ field: "pw", text: t("cards:password.invalid") })
      return
    }
    if (pw !== again) {
      setError({ field: "again", text: t("cards:password.mismatch") })
      return
    }
    setBusy(true)
    setError(null)
    withPin(pin, (pin_token) =>
      getEngine().call("cardPassword", { walletId, params: { id: card.id }, body: { password: pw, password_confirmation: again, pin_token } })
    )
      .then(
        () => {
          toast("success", t("cards:password.done"))
          onClose()
        },
        (e: unknown) => {
          const key = errorKeyOf(e)
          setError({ field: key === "CARD_PASSWORD_MISMATCH" ? "again" : "pin", text: t(`errors:${key}`) })
        }
      )
      .finally(() => setBusy(false))
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("cards:password.title")}
      testId="password-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cards:cancel")}
          </Button>
          <Button onClick={submit} busy={busy} data-testid="password-submit">
            {t("cards:password.submit")}
          </Button>
        </>
      }
    >
      <div className={layout.stack}>
        <PinField label={t("cards:password.new")} value={pw} onChange={setPw} error={error?.field === "pw" ? error.text : null} data-testid="password-new" />
        <PinField
          label={t("cards:password.confirm")}
          value={again}
          onChange={setAgain}
          error={error?.field === "again" ? error.text : null}
          data-testid="password-again"
        />
        <PinField label={t("cards:password.pin")} value={pin} onChange={setPin} error={error?.field === "pin" ? error.text : null} data-testid="password-pin" />
      </div>
    </Dialog>
  )
}

function Tracking({ cardId, walletId }: { readonly cardId: string; readonly walletId: string }) {
  const { t } = useTranslation()
  const f = useFormat()
  const [track, setTrack] = useState<CardTrack | null>(null)
  useEffect(() => {
    let live = true
    getEngine()
      .call("cardTrack", { walletId, params: { id: cardId } })
      .then(
        (r) => {
          if (live) setTrack(r.data)
        },
        () => undefined
      )
    return () => {
      live = false
    }
  }, [cardId, walletId])
  if (track === null) return null
  return (
    <Card title={t("cards:track.title")} level={2} data-testid="card-track">
      <p className={layout.muted}>{`${t("cards:track.address")}: ${track.address}`}</p>
      <ol className={s.steps}>
        {track.steps.map((st) => (
          <li key={st.key} className={s.step} data-done={st.done}>
            <span className={st.done ? `${s.dot} ${s.dotDone}` : s.dot} aria-hidden="true" />
            <span>{t(`cards:track.steps.${st.key}`)}</span>
            <span className={layout.muted}>{st.at !== null ? f.dateTime(st.at) : t("cards:track.pending")}</span>
          </li>
        ))}
      </ol>
    </Card>
  )
}
