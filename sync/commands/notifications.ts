/**
 * Marking a notification read (spec core §4 "Notifications", §7 `PATCH /users/notifications/{id}`) is a command
 * of the registry like any other state change (issue 11; docs/decisions.md D-notification-read): the entry shows
 * read and the badge drops at once (the overlay, and the engine's `unreadCount` less the reads still pending),
 * offline it waits for the network instead of being rolled back, and a read made in one tab shows in the others.
 * Marking read twice changes nothing on the server, so a lost answer is simply sent again.
 */
import { Schema } from "effect"
import { defineCommand, reconcileBySameKey } from "./define.ts"

export const NotificationReadPayload = Schema.Struct({ id: Schema.String })

export const notificationCommands = [
  defineCommand({
    name: "v1.notification.read",
    // not a transaction call: the transport sends it as the plain call a view makes (no transaction-uuid)
    endpoint: "notificationRead",
    payload: NotificationReadPayload,
    request: (p) => ({ params: { id: p.id }, body: { read: true } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "notifications", id: p.id, patch: { read: true } }],
    refresh: ["notifications"]
  })
] as const
