/**
 * Banners under the header: the session countdown (core §4), the offline notice (the app keeps
 * working from local data) and the profile-update prompt with its 'update here' action (core §2.4).
 */
import { useTranslation } from "react-i18next"
import { failureOf, getEngine, useLiveQuery } from "../../../workers/client.ts"
import type { CommandView } from "../../../workers/results.ts"
import { useAppState } from "../../lib/app-state.ts"
import { isFinished } from "../../lib/command-phase.ts"
import { toast } from "../../lib/feedback.ts"
import { applyUpdate, useUpdateAvailable } from "../../lib/pwa.ts"
import { useFormat } from "../../lib/use-format.ts"
import { requestShell } from "../../lib/shell-events.ts"
import { Button } from "../../ui/button.tsx"
import { InfoIcon, OfflineIcon } from "../../ui/icons.tsx"
import { useOnline } from "./connection-status.tsx"
import { SessionBanner } from "./session-banner.tsx"
import * as s from "./banners.css.ts"

function OfflineBanner() {
  const { t } = useTranslation()
  const f = useFormat()
  const syncedAt = useLiveQuery({ kind: "syncProgress" })?.syncedAt
  if (useOnline()) return null
  return (
    <div className={[s.banner, s.tone.neutral].join(" ")} role="status" data-testid="offline-banner">
      <div className={s.inner}>
        <OfflineIcon size={18} />
        <span className={s.grow}>
          {t("shell:connection.offlineNotice")}
          {syncedAt ? (
            <>
              {" "}
              <span data-testid="offline-synced-at">{t("shell:offline.offlineSince", { when: f.dateTime(syncedAt) })}</span>
            </>
          ) : null}
        </span>
      </div>
    </div>
  )
}

/** A new build is waiting (issue 18): it takes over only when the user says so, in every tab at once. */
function UpdateBanner() {
  const { t } = useTranslation()
  if (!useUpdateAvailable()) return null
  return (
    <div className={[s.banner, s.tone.info].join(" ")} role="status" data-testid="update-banner">
      <div className={s.inner}>
        <InfoIcon size={18} />
        <span className={s.grow}>{t("shell:offline.updateAvailable")}</span>
        <Button size="sm" onClick={applyUpdate} data-testid="update-action">
          {t("shell:offline.updateAction")}
        </Button>
      </div>
    </div>
  )
}

const nameKey = (c: CommandView): string => `shell:offline.names.${c.body.name.replace(/\./g, "_")}`

/**
 * Commands not yet through (issue 18; sync/SPEC.md RT7, CN1): offline they wait in the outbox and go
 * when the network returns; the user sees them and may cancel those not yet sent.
 */
function PendingCommands() {
  const { t } = useTranslation()
  const f = useFormat()
  const online = useOnline()
  const open = (useLiveQuery({ kind: "commands" }) ?? []).filter((c) => !isFinished(c.state))
  // online, a command is on screen where it was made; the list matters when they pile up offline
  if (online || open.length === 0) return null
  const cancel = async (id: string): Promise<void> => {
    try {
      await getEngine().rpc.cancelCommand({ commandId: id })
      toast("success", t("shell:offline.cancelled"))
    } catch (e) {
      toast("error", t(failureOf("cancelCommand", e)?._tag === "NotCancellable" ? "shell:offline.notCancellable" : "errors:UNKNOWN_ERROR"))
    }
  }
  return (
    <div
      className={[s.banner, s.tone.neutral].join(" ")}
      role="region"
      aria-label={t("shell:offline.pendingTitle", { count: open.length })}
      data-testid="pending-commands"
    >
      <div className={s.inner}>
        <span className={s.grow}>
          <strong>{t("shell:offline.pendingTitle", { count: open.length })}</strong>
        </span>
      </div>
      {open.map((c) => (
        <div key={c.id} className={s.inner} data-testid="pending-command" data-command-id={c.id} data-state={c.state}>
          <span className={s.grow}>
            {t(nameKey(c), { defaultValue: t("shell:offline.names.other") })} · {f.dateTime(c.created_at)} ·{" "}
            {/* PN6: an authorisation that expired while offline waits for a new PIN, not for the network */}
            {c.state === "awaiting-pin" && c.error_key === "PIN_REQUIRED" ? t("shell:offline.waitingPin") : t("shell:offline.waitingConnection")}
          </span>
          {c.sent ? null : (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                void cancel(c.id)
              }}
              data-testid="pending-cancel"
            >
              {t("shell:offline.cancel")}
            </Button>
          )}
        </div>
      ))}
    </div>
  )
}

function ProfileUpdateBanner() {
  const { t } = useTranslation()
  const needs = useAppState((st) => st.onboarding?.needs_profile_update === true)
  if (!needs) return null
  return (
    <div className={[s.banner, s.tone.info].join(" ")} role="region" aria-label={t("shell:profileUpdate.bannerRegion")} data-testid="profile-banner">
      <div className={s.inner}>
        <InfoIcon size={18} />
        <span className={s.grow}>{t("shell:profileUpdate.banner")}</span>
        <Button size="sm" variant="secondary" onClick={() => requestShell("profileUpdate")} data-testid="profile-banner-action">
          {t("shell:profileUpdate.bannerAction")}
        </Button>
      </div>
    </div>
  )
}

export function ShellBanners() {
  return (
    <>
      <SessionBanner />
      <UpdateBanner />
      <OfflineBanner />
      <PendingCommands />
      <ProfileUpdateBanner />
    </>
  )
}
