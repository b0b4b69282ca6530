/**
 * The notifications panel (spec core §2.4, §4): unread badge (live `unreadCount`), a list with
 * title, date and read dot (live `notifications`, 20 per page); opening resets to page 1,
 * closing clears it; an entry expands to its description and is marked read at once; 'show
 * more' loads the next page; empty state 'without notifications'.
 */
import * as Popover from "@radix-ui/react-popover"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import type { Notification } from "../../../schema/entities.ts"
import { notificationText } from "../../lib/notification-text.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Counter } from "../../ui/badge.tsx"
import { Button, IconButton } from "../../ui/button.tsx"
import { EmptyState } from "../../ui/empty-state.tsx"
import { BellIcon } from "../../ui/icons.tsx"
import { Skeleton } from "../../ui/skeleton.tsx"
import { visuallyHidden } from "../../ui/visually-hidden.css.ts"
import { useMarkRead } from "./use-notification-reads.ts"
import * as s from "./panel.css.ts"

/** core §9: notification page size 20. */
export const NOTIFICATION_PAGE = 20

function Entry({ n, read }: { readonly n: Notification; readonly read: boolean }) {
  const { t } = useTranslation()
  const f = useFormat()
  const markRead = useMarkRead()
  const [open, setOpen] = useState(false)
  const bodyId = `notif-${n.id}`
  // a message key is worded in the user's language (D-approval-quorum); otherwise the server's text
  const text = notificationText(n, t, f.locale)
  return (
    <li className={s.notif} data-testid="notification" data-read={read}>
      <button
        type="button"
        className={s.notifButton}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => {
          setOpen((o) => !o)
          if (!read) markRead(n.id)
        }}
      >
        <span className={[s.dot, read ? s.dotRead : ""].join(" ")} aria-hidden="true" />
        <span className={s.notifText}>
          <span className={[s.notifTitle, read ? s.notifTitleRead : ""].join(" ")}>{text.title}</span>
          <span className={s.notifDate}>
            <time dateTime={n.created_at} title={f.dateTime(n.created_at)}>
              {f.relative(n.created_at)}
            </time>
          </span>
        </span>
        <span className={visuallyHidden}>{read ? t("notifications:read") : t("notifications:unread")}</span>
      </button>
      {open ? (
        <div id={bodyId} className={s.notifBody}>
          {text.description}
        </div>
      ) : null}
    </li>
  )
}

function List({ limit, onMore }: { readonly limit: number; readonly onMore: () => void }) {
  const { t } = useTranslation()
  const list = useLiveQuery({ kind: "notifications", limit })
  if (list === undefined) {
    return (
      <div className={s.section} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </div>
    )
  }
  if (list.length === 0) return <EmptyState title={t("notifications:empty")} />
  return (
    <>
      <ul className={s.notifList} aria-label={t("notifications:title")}>
        {list.map((n) => (
          <Entry key={n.id} n={n} read={n.read} />
        ))}
      </ul>
      {list.length >= limit ? (
        <div className={s.foot}>
          <Button variant="secondary" size="sm" onClick={onMore} data-testid="notifications-more">
            {t("notifications:showMore")}
          </Button>
        </div>
      ) : null}
    </>
  )
}

export function NotificationsPanel() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [limit, setLimit] = useState(NOTIFICATION_PAGE)
  const unread = useLiveQuery({ kind: "unreadCount" }) ?? 0
  return (
    <Popover.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        setLimit(NOTIFICATION_PAGE)
      }}
    >
      <Popover.Trigger asChild>
        <IconButton label={t("notifications:button", { count: unread })} data-testid="notifications-button" data-unread={unread}>
          <BellIcon />
          <Counter value={unread} />
        </IconButton>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={s.panel}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t("notifications:title")}
          data-testid="notifications-panel"
        >
          <div className={s.head}>
            <h2 className={s.title}>{t("notifications:title")}</h2>
          </div>
          {open ? <List limit={limit} onMore={() => setLimit((l) => l + NOTIFICATION_PAGE)} /> : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
