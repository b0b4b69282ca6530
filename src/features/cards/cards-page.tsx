/**
 * /banking/cards (spec features §2 cards: physical-card, virtual-card, statements,
 * physical-card/{id}, virtual-card/{id}; offered only on the default wallet with completed
 * onboarding, core §2.2 — the guards of route-meta refuse the rest). The wallet's cards come from
 * the synced `cards` list (live: another tab's block shows here), every action is a command
 * (src/lib/use-command-runner.ts). Virtual: "n of 5" and the request (features §9: the 6th is refused);
 * physical: request with the profile's delivery address, then tracking on the card's page.
 */
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { Navigate, NavLink, Route, Routes, useParams } from "react-router"
import { getEngine, useList } from "../../../workers/client.ts"
import { VIRTUAL_CARD_LIMIT } from "../../../schema/cards.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, Dialog, EmptyState, PageHeader, Skeleton, TextField, layout } from "../../ui/index.ts"
import { isReplaced, virtualCount, type CardView } from "./card-rules.ts"
import { CardVisual } from "./card-visual.tsx"
import { CardDetail } from "./card-detail.tsx"
import { CardStatement } from "./card-statement.tsx"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import * as s from "./cards.css.ts"

export function CardsPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const cards = useList("cards", wallet?.id ?? null) as ReadonlyArray<CardView> | undefined
  useEffect(() => {
    document.title = `${t("cards:title")} · ${t("common:appName")}`
  }, [t])
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${s.tab} ${s.tabActive}` : s.tab)
  return (
    <div className={layout.page} data-testid="cards-page">
      <PageHeader title={t("cards:title")} subtitle={t("cards:subtitle", { wallet: wallet?.name ?? "" })} />
      <nav aria-label={t("cards:tabs.label")} className={s.tabs}>
        <NavLink to={lp("/banking/cards/physical-card")} className={tabClass}>
          {t("cards:tabs.physical")}
        </NavLink>
        <NavLink to={lp("/banking/cards/virtual-card")} className={tabClass}>
          {t("cards:tabs.virtual")}
        </NavLink>
        <NavLink to={lp("/banking/cards/statements")} className={tabClass}>
          {t("cards:tabs.statements")}
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<Navigate to={lp("/banking/cards/physical-card")} replace />} />
        <Route path="physical-card" element={<PhysicalCards cards={cards} walletId={wallet?.id ?? null} />} />
        <Route path="virtual-card" element={<VirtualCards cards={cards} walletId={wallet?.id ?? null} />} />
        <Route path="physical-card/:id" element={<DetailRoute cards={cards} walletId={wallet?.id ?? null} />} />
        <Route path="virtual-card/:id" element={<DetailRoute cards={cards} walletId={wallet?.id ?? null} />} />
        <Route path="statements" element={<CardStatement cards={cards ?? []} walletId={wallet?.id ?? null} />} />
        <Route path="*" element={<Navigate to={lp("/banking/cards/physical-card")} replace />} />
      </Routes>
    </div>
  )
}

interface ListProps {
  readonly cards: ReadonlyArray<CardView> | undefined
  readonly walletId: string | null
}

function DetailRoute({ cards, walletId }: ListProps) {
  const { id = "" } = useParams()
  if (cards === undefined)
    return (
      <Card>
        <Skeleton height={200} />
      </Card>
    )
  return <CardDetail id={id} card={cards.find((c) => c.id === id) ?? null} walletId={walletId} />
}

function VirtualCards({ cards, walletId }: ListProps) {
  const { t } = useTranslation()
  const { send, refusals, busy } = useCommandRunner(walletId, "cards:failed")
  const [open, setOpen] = useState(false)
  const [nickname, setNickname] = useState("")
  const virtual = useMemo(() => (cards ?? []).filter((c) => c.virtual), [cards])
  const n = virtualCount(virtual)
  const refusal = refusals.get("virtual")
  const request = (): void => {
    send({ name: "v1.cards.requestVirtual", payload: { nickname: nickname.trim() } }, "virtual", "cards:virtual.requested")
    setOpen(false)
    setNickname("")
  }
  if (cards === undefined)
    return (
      <Card>
        <Skeleton height={200} />
        <span className={layout.muted}>{t("cards:loading")}</span>
      </Card>
    )
  return (
    <section aria-labelledby="virtual-title" className={layout.stack}>
      <div className={s.row}>
        <h2 id="virtual-title" data-testid="virtual-count">
          {t("cards:virtual.count", { n, max: VIRTUAL_CARD_LIMIT })}
        </h2>
        <Button onClick={() => setOpen(true)} busy={busy.has("virtual")} data-testid="request-virtual">
          {t("cards:virtual.request")}
        </Button>
      </div>
      {n >= VIRTUAL_CARD_LIMIT ? (
        <p className={layout.muted} role="note">
          {t("cards:virtual.limit", { max: VIRTUAL_CARD_LIMIT })}
        </p>
      ) : null}
      {refusal !== undefined ? (
        <p className={s.error} role="alert" data-testid="virtual-refusal">
          {t(`errors:${refusal}`)}
        </p>
      ) : null}
      {virtual.length === 0 ? (
        <Card>
          <EmptyState title={t("cards:virtual.empty")} />
        </Card>
      ) : (
        <ul className={s.grid} aria-label={t("cards:tabs.virtual")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {virtual.map((c) => (
            <li key={c.id} className={s.item}>
              <CardVisual card={c} link />
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("cards:virtual.requestTitle")}
        testId="virtual-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("cards:cancel")}
            </Button>
            <Button onClick={request} data-testid="virtual-confirm">
              {t("cards:virtual.request")}
            </Button>
          </>
        }
      >
        <TextField
          label={t("cards:virtual.nickname")}
          hint={t("cards:virtual.nicknameHint")}
          value={nickname}
          onChange={setNickname}
          maxLength={30}
          data-testid="virtual-nickname"
        />
      </Dialog>
    </section>
  )
}

function PhysicalCards({ cards, walletId }: ListProps) {
  const { t } = useTranslation()
  const { send, refusals, busy } = useCommandRunner(walletId, "cards:failed")
  const [open, setOpen] = useState(false)
  const [address, setAddress] = useState<string | null | undefined>(undefined)
  const physical = useMemo(() => (cards ?? []).filter((c) => !c.virtual), [cards])
  const current = physical.filter((c) => !isReplaced(c))
  const old = physical.filter((c) => isReplaced(c))
  useEffect(() => {
    if (!open || walletId === null) return
    let live = true
    getEngine()
      .call("address", { walletId })
      .then(
        (r) => {
          if (live)
            setAddress(
              r.data === null
                ? null
                : `${r.data.street}, ${r.data.number}${r.data.complement ? ` - ${r.data.complement}` : ""}, ${r.data.neighborhood}, ${r.data.city} - ${r.data.federative_unit}, ${r.data.zip_code}`
            )
        },
        () => {
          if (live) setAddress(null)
        }
      )
    return () => {
      live = false
    }
  }, [open, walletId])
  const request = (): void => {
    send({ name: "v1.cards.requestPhysical", payload: {} }, "physical", "cards:physical.requested")
    setOpen(false)
  }
  if (cards === undefined)
    return (
      <Card>
        <Skeleton height={200} />
        <span className={layout.muted}>{t("cards:loading")}</span>
      </Card>
    )
  const refusal = refusals.get("physical")
  return (
    <section aria-labelledby="physical-title" className={layout.stack}>
      <div className={s.row}>
        <h2 id="physical-title">{t("cards:tabs.physical")}</h2>
        {current.length === 0 ? (
          <Button onClick={() => setOpen(true)} busy={busy.has("physical")} data-testid="request-physical">
            {t("cards:physical.request")}
          </Button>
        ) : null}
      </div>
      {refusal !== undefined ? (
        <p className={s.error} role="alert">
          {t(`errors:${refusal}`)}
        </p>
      ) : null}
      {current.length === 0 ? (
        <Card>
          <EmptyState title={t("cards:physical.empty")} />
        </Card>
      ) : (
        <ul className={s.grid} aria-label={t("cards:tabs.physical")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {current.map((c) => (
            <li key={c.id} className={s.item}>
              <CardVisual card={c} link />
            </li>
          ))}
        </ul>
      )}
      {old.length > 0 ? (
        <>
          <h3>{t("cards:physical.history")}</h3>
          <ul className={s.grid} aria-label={t("cards:physical.history")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {old.map((c) => (
              <li key={c.id} className={s.item}>
                <CardVisual card={c} link />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("cards:physical.requestTitle")}
        testId="physical-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("cards:cancel")}
            </Button>
            <Button onClick={request} disabled={address == null} data-testid="physical-confirm">
              {t("cards:physical.request")}
            </Button>
          </>
        }
      >
        <p>
          <strong>{t("cards:physical.address")}</strong>
        </p>
        <p data-testid="physical-address">
          {address === undefined ? t("cards:physical.addressLoading") : address === null ? t("cards:physical.noAddress") : address}
        </p>
      </Dialog>
    </section>
  )
}
