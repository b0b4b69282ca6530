/**
 * /control-panel/my-account/my-invites/received and /sent (spec core §2.1, §3 "Wallet
 * invitation", §4): invitations with their wallet, inviter or invitee, roles, state and dates;
 * received ones can be accepted or declined, sent ones cancelled, while still SENT. The state
 * changes at once on screen; a refusal rolls back with the translated key.
 */
import { useEffect, useState } from "react"
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import { runCommand, useLiveQuery } from "../../../workers/client.ts"
import type { InvitationState, WalletInvitation } from "../../../schema/entities.ts"
import { currentWallet, refreshWallets } from "../../lib/app-state.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { confirmDialog, toast } from "../../lib/feedback.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Badge, Button, Card, EmptyState, layout, PageHeader, Skeleton, type Tone } from "../../ui/index.ts"
import * as s from "./control-panel.css.ts"

type Direction = "received" | "sent"

export const STATE_TONE: Readonly<Record<InvitationState, Tone>> = {
  SENT: "info",
  ACCEPTED: "success",
  DECLINED: "danger",
  EXPIRED: "neutral",
  CANCELLED: "warning"
}

/** The date that goes with a state (core §3: invited, accepted, declined, expired, cancelled). */
export function stateDate(i: WalletInvitation): string {
  switch (i.state) {
    case "ACCEPTED":
      return i.accepted_at ?? i.updated_at
    case "DECLINED":
      return i.declined_at ?? i.updated_at
    case "EXPIRED":
      return i.expired_at ?? i.updated_at
    case "CANCELLED":
      return i.cancelled_at ?? i.updated_at
    default:
      return i.invited_at
  }
}

function InvitesPage({ direction }: { readonly direction: Direction }) {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const live = useLiveQuery({ kind: "invitations", direction })
  const [overrides, setOverrides] = useState<ReadonlyMap<string, InvitationState>>(new Map())
  const [busy, setBusy] = useState<string | null>(null)
  useEffect(() => {
    document.title = `${t(`controlPanel:invites.${direction}`)} · ${t("common:appName")}`
  }, [t, direction])

  const act = async (inv: WalletInvitation, next: InvitationState, run: () => Promise<unknown>, doneKey: string): Promise<void> => {
    setBusy(inv.invite_id)
    setOverrides((m) => new Map([...m, [inv.invite_id, next]]))
    try {
      await run()
      toast("success", t(doneKey, { name: inv.wallet_name }))
      if (next === "ACCEPTED") await refreshWallets()
    } catch (e) {
      setOverrides((m) => {
        const x = new Map(m)
        x.delete(inv.invite_id)
        return x
      })
      toast("error", t(errorI18nKey(e)))
    } finally {
      setBusy(null)
    }
  }
  const accept = (i: WalletInvitation) =>
    act(
      i,
      "ACCEPTED",
      () => runCommand(currentWallet()?.id ?? i.wallet_id, { name: "v1.invitation.accept", payload: { invite_id: i.invite_id } }),
      "controlPanel:invites.accepted"
    )
  const decline = (i: WalletInvitation) =>
    act(
      i,
      "DECLINED",
      () => runCommand(currentWallet()?.id ?? i.wallet_id, { name: "v1.invitation.decline", payload: { invite_id: i.invite_id } }),
      "controlPanel:invites.declined"
    )
  const cancel = async (i: WalletInvitation): Promise<void> => {
    const ok = await confirmDialog({
      title: t("controlPanel:invites.cancelTitle"),
      html: t("controlPanel:invites.cancelMessage", { email: i.invitee_email, name: i.wallet_name }),
      variant: "danger",
      confirmLabel: t("controlPanel:invites.cancel"),
      cancelLabel: t("common:actions.back")
    })
    if (ok)
      await act(
        i,
        "CANCELLED",
        () => runCommand(i.wallet_id, { name: "v1.invitation.cancel", payload: { invite_id: i.invite_id } }),
        "controlPanel:invites.cancelled"
      )
  }

  const list = live ? [...live].sort((a, b) => b.invited_at.localeCompare(a.invited_at)) : undefined
  return (
    <div className={layout.page} data-testid={`invites-${direction}`}>
      <PageHeader title={t("controlPanel:invites.title")} />
      <nav className={s.tabs} aria-label={t("controlPanel:invites.title")}>
        {(["received", "sent"] as const).map((d) =>
          d === direction ? (
            <span key={d} className={[s.tab, s.tabActive].join(" ")} aria-current="page">
              {t(`controlPanel:invites.${d}`)}
            </span>
          ) : (
            <Link key={d} className={s.tab} to={lp(`/control-panel/my-account/my-invites/${d}`)}>
              {t(`controlPanel:invites.${d}`)}
            </Link>
          )
        )}
      </nav>
      <Card>
        {list === undefined ? (
          <div className={layout.stack} aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </div>
        ) : list.length === 0 ? (
          <EmptyState title={t(`controlPanel:invites.empty.${direction}`)} />
        ) : (
          <ul className={s.rows}>
            {list.map((i) => {
              const state = overrides.get(i.invite_id) ?? i.state
              return (
                <li key={i.invite_id} className={s.row} data-testid="invite-row" data-state={state}>
                  <div className={s.main}>
                    <span className={s.name}>{i.wallet_name}</span>
                    <span className={s.meta}>
                      <span>
                        {direction === "received"
                          ? t("controlPanel:invites.from", { name: i.inviter_name })
                          : t("controlPanel:invites.to", { email: i.invitee_email })}
                      </span>
                      <span>{i.permission_types.map((r) => t(`wallets:roles.${r}`, { defaultValue: r })).join(", ")}</span>
                    </span>
                    <span className={s.meta}>
                      <Badge tone={STATE_TONE[state]}>{t(`controlPanel:invites.states.${state}`)}</Badge>
                      <time dateTime={stateDate(i)}>{f.dateTime(stateDate(i))}</time>
                    </span>
                  </div>
                  {state === "SENT" ? (
                    <div className={s.actions}>
                      {direction === "received" ? (
                        <>
                          <Button
                            size="sm"
                            variant="secondary"
                            busy={busy === i.invite_id}
                            onClick={() => {
                              void decline(i)
                            }}
                          >
                            {t("controlPanel:invites.decline")}
                          </Button>
                          <Button
                            size="sm"
                            busy={busy === i.invite_id}
                            onClick={() => {
                              void accept(i)
                            }}
                            data-testid="invite-accept"
                          >
                            {t("controlPanel:invites.accept")}
                          </Button>
                        </>
                      ) : (
                        <Button
                          size="sm"
                          variant="secondary"
                          busy={busy === i.invite_id}
                          onClick={() => {
                            void cancel(i)
                          }}
                        >
                          {t("controlPanel:invites.cancel")}
                        </Button>
                      )}
                    </div>
                  ) : null}
                </li>
              )
            })}
          </ul>
        )}
      </Card>
    </div>
  )
}

export const ReceivedInvitesPage = () => <InvitesPage direction="received" />
export const SentInvitesPage = () => <InvitesPage direction="sent" />
