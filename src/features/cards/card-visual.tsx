/**
 * A card drawn as a card (spec features §2 cards, §3 number/name/expiry, core §5 numbers grouped by
 * 4): brand, chip, the masked number, the printed name, expiry and the state — "blocking…" while
 * a block command is pending (the overlay of sync/commands/cards.ts). Never the full number: that
 * is shown only in the reveal dialog, after the PIN.
 */
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { isReplaced, maskedNumber, type CardView } from "./card-rules.ts"
import * as s from "./cards.css.ts"

export function CardVisual({ card, link = false }: { readonly card: CardView; readonly link?: boolean }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const kind = t(card.virtual ? "cards:kind.virtual" : "cards:kind.physical")
  const state =
    card.pending_action !== undefined
      ? t(`cards:pendingAction.${card.pending_action}`)
      : isReplaced(card)
        ? t("cards:status.replaced")
        : t(`cards:status.${card.status}`)
  const label =
    card.last_four !== null ? t("cards:visual.label", { kind, last: card.last_four, status: state }) : t("cards:visual.labelNoDigits", { kind, status: state })
  const tone =
    card.status === "activated" && card.pending_action === undefined ? (card.virtual ? s.plasticTone.virtual : s.plasticTone.physical) : s.plasticTone.off
  const body = (
    <>
      <div className={s.plasticTop}>
        <span className={s.brand}>{`Carteira · ${kind}`}</span>
        <span className={s.stateTag} data-testid="card-state" data-status={card.status} data-pending={card.pending_action ?? ""}>
          {state}
        </span>
      </div>
      {card.virtual ? null : <span className={s.chip} aria-hidden="true" />}
      <span className={s.number} data-testid="card-number">
        {maskedNumber(card.last_four)}
      </span>
      <div className={s.plasticFoot}>
        <span>
          <span className={s.footLabel}>{card.nickname !== "" ? card.nickname : t("cards:visual.debit")}</span>
          <span className={s.footValue}>{card.card_name}</span>
        </span>
        <span>
          <span className={s.footLabel}>{t("cards:visual.expiry")}</span>
          <span className={s.footValue}>{card.expiry}</span>
        </span>
      </div>
    </>
  )
  const path = `/banking/cards/${card.virtual ? "virtual-card" : "physical-card"}/${card.id}`
  return link ? (
    <Link to={lp(path)} className={`${s.plastic} ${tone}`} aria-label={label} data-testid="card" data-card-id={card.id}>
      {body}
    </Link>
  ) : (
    <div role="img" className={`${s.plastic} ${tone}`} aria-label={label} data-testid="card" data-card-id={card.id}>
      {body}
    </div>
  )
}
