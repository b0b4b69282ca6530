/**
 * A notification's words in the user's language (spec core §2.4 notifications; issue 32 item 3, D-approval-quorum): a
 * notification that carries a message key (`message.key`, e.g. `approvalNeeded`) is worded from
 * `locales/<lang>/notifications.json` messages.<key> with its values — `amount` in cents as money, a value ending in
 * `_at` as DD/MM/YYYY HH:mm (São Paulo) — and one without a key, or with a key this build does not know, shows the
 * server's own title and description.
 */
import type { TFunction } from "i18next"
import type { Notification } from "../../schema/entities.ts"
import { formatBrl, formatDateTime, type Locale } from "../../schema/format.ts"

export function notificationText(n: Notification, t: TFunction, locale: Locale): { readonly title: string; readonly description: string } {
  const m = n.message
  if (m === undefined || !/^[A-Za-z0-9]+$/.test(m.key)) return { title: n.title, description: n.description }
  const values: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(m.params)) {
    values[k] = k === "amount" && typeof v === "number" ? formatBrl(v, locale) : k.endsWith("_at") && typeof v === "string" ? formatDateTime(v, locale) : v
  }
  return {
    title: t(`notifications:messages.${m.key}.title`, { ...values, defaultValue: n.title }),
    description: t(`notifications:messages.${m.key}.description`, { ...values, defaultValue: n.description })
  }
}
