/**
 * One card's page (spec features §2 physical-card/{id}, virtual-card/{id}; §4 states; §5
 * activation by the last four digits, card password 4 digits; §3 number and CVV after a PIN):
 * the card drawn, the actions its state allows as commands — activate, block (no PIN,
 * D-cards-block-pin: shown "blocking…" at once and kept until the server answers) and unblock (PIN)
 * with a toast each (useCommandRunner); new copy and delete, which cannot be undone, through the one
 * payment flow (D-pay-flow: review, the shell's PIN, the outcome followed on the page; delete as a
 * danger) — the reveal of number and CVV and the card password change (direct PIN-checked calls: their secrets
 * are never stored, D-cards-secrets), delivery tracking of a physical card, and its purchases.
 */
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link, useNavigate } from "react-router"
import { EngineError, getEngine } from "../../../workers/client.ts"
import type { CardDetails, CardTrack } from "../../../schema/cards.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { PayOutcome, PayReviewDialog } from "../../lib/pay-flow.tsx"
import { usePayFlow, type PayFlow } from "../../lib/use-pay-flow.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button, Card, Dialog, EmptyState, PinField, TextField, layout } from "../../ui/index.ts"
import { cardActions, fourDigits, groupBy4, type CardView } from "./card-rules.ts"
import { CardVisual } from "./card-visual.tsx"
import { CardStatement } from "./card-statement.tsx"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import * as s from "./cards.css.ts"

/** What a new copy or a deletion reviews: the action and the card as it was when reviewed. */
interface CardReview {
  readonly action: "newCopy" | "delete"
  readonly card: CardView
}
const FLOW_COMMANDS = { newCopy: "v1.cards.newCopy", delete: "v1.cards.delete" } as const

export function CardDetail({ id, card, walletId }: { readonly id: string; readonly card: CardView | null; readonly walletId: string | null }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const { send, refusals } = useCommandRunner(walletId, "cards:failed")
  const flow = usePayFlow<CardReview>({
    // one command per card at a time (the key the card's other commands use): a double click sends one
    send: (r) => ({ body: { name: FLOW_COMMANDS[r.action], payload: { card_id: r.card.id } }, dedupeKey: `card:${r.card.id}` }),
    // a new copy or deletion of this card still open from before a reload (its PIN asked again, PN5)
    resume: (c) => (c.body.name === FLOW_COMMANDS.newCopy || c.body.name === FLOW_COMMANDS.delete) && (c.body.payload as { card_id?: string }).card_id === id
  })
  const [digits, setDigits] = useState("")
  const [digitsError, setDigitsError] = useState<string | null>(null)
  const [reveal, setReveal] = useState(false)
  const [password, setPassword] = useState(false)
  if (card === null) {
    // a deleted card leaves the list at once (the command's overlay): its outcome stays above
    return (
      <div className={layout.stack}>
        <CardOutcome flow={flow} />
        <Card data-testid="card-not-found">
          <EmptyState title={t("cards:detail.notFound")} action={<Link to={lp("/banking/cards/physical-card")}>{t("cards:detail.back")}</Link>} />
        </Card>
      </div>
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
          <CardOutcome flow={flow} />
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
                <Button variant="secondary" onClick={() => flow.review({ action: "newCopy", card })} data-testid="card-newcopy">
                  {t("cards:actions.newCopy")}
                </Button>
              ) : null}
              {can.remove ? (
                <Button variant="danger" onClick={() => flow.review({ action: "delete", card })} data-testid="card-delete">
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
            {flow.sendError !== null ? (
              <p className={s.error} role="alert" data-testid="card-send-error">
                {t(flow.sendError)}
              </p>
            ) : null}
          </Card>
          {can.track && walletId !== null ? <Tracking cardId={card.id} walletId={walletId} /> : null}
        </div>
      </div>
      {card.last_four !== null ? <CardStatement cards={[card]} walletId={walletId} only={card} /> : null}
      <CardReviewDialog flow={flow} />
      {reveal && walletId !== null ? <RevealDialog card={card} walletId={walletId} onClose={() => setReveal(false)} /> : null}
      {password && walletId !== null ? <PasswordDialog card={card} walletId={walletId} onClose={() => setPassword(false)} /> : null}
    </div>
  )
}

/** "Physical ending 1234": the card as the review and the outcome name it. */
function useCardLabel(): (card: CardView) => string {
  const { t } = useTranslation()
  return (card) => {
    const kind = t(card.virtual ? "cards:kind.virtual" : "cards:kind.physical")
    return card.last_four !== null ? t("cards:pay.cardLabel", { kind, last: card.last_four }) : t("cards:pay.cardLabelNoDigits", { kind })
  }
}

/** The card reviewed (and, in the outcome, the card the command was about). */
function CardRows({ card }: { readonly card: CardView }) {
  const { t } = useTranslation()
  const label = useCardLabel()
  return (
    <dl className={s.rows} data-testid="card-pay-rows">
      <dt>{t("cards:pay.card")}</dt>
      <dd>{label(card)}</dd>
      {card.nickname ? (
        <>
          <dt>{t("cards:pay.nickname")}</dt>
          <dd>{card.nickname}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** features §4: a new copy blocks the card for good, a deletion is final — reviewed once more before the PIN. */
function CardReviewDialog({ flow }: { readonly flow: PayFlow<CardReview> }) {
  const { t } = useTranslation()
  const action = flow.reviewing?.action ?? "newCopy"
  const card = flow.reviewing?.card
  return (
    <PayReviewDialog
      flow={flow}
      title={t(`cards:pay.${action}.title`)}
      text={(r) => t(`cards:pay.${r.action}.review`)}
      confirmLabel={t(`cards:pay.${action}.confirm`)}
      cancelLabel={t("cards:cancel")}
      variant={action === "delete" ? "danger" : "default"}
      testIds={{ confirm: "card-review-confirm", cancel: "card-review-cancel" }}
    >
      {card !== undefined ? (
        <>
          <CardRows card={card} />
          {action === "newCopy" && !card.virtual ? <p>{t("cards:pay.newCopy.delivery")}</p> : null}
        </>
      ) : null}
    </PayReviewDialog>
  )
}

/** The new copy or deletion followed to its end (nothing before one is sent); no receipt: no money moved. */
function CardOutcome({ flow }: { readonly flow: PayFlow<CardReview> }) {
  const label = useCardLabel()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const command = flow.command
  if (command === null) return null
  const cardName = flow.sent !== null ? label(flow.sent.card) : ""
  const rows = flow.sent !== null ? <CardRows card={flow.sent.card} /> : null
  return command.body.name === FLOW_COMMANDS.delete ? (
    <PayOutcome
      texts="cards:pay.delete"
      flow={flow}
      testId="card-delete"
      receipt={null}
      summary={{ amount: "", name: cardName }}
      onAgain={() => {
        if (flow.phase === "done") void navigate(lp(flow.sent?.card.virtual ? "/banking/cards/virtual-card" : "/banking/cards/physical-card"))
      }}
    >
      {rows}
    </PayOutcome>
  ) : (
    <PayOutcome texts="cards:pay.newCopy" flow={flow} testId="card-newcopy" receipt={null} summary={{ amount: "", name: cardName }}>
      {rows}
    </PayOutcome>
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
