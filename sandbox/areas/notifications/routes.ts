/**
 * Notifications (spec core §3 notification and page info, §4 read on expand, §7 list with page,
 * sort created_at desc, size 20, reading data and pagination; unread count polled every 60 s).
 */
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { bind } from "../../http.ts"
import { notFound, paginate, toNotification } from "../../repo.ts"
import type { Notification } from "../../../schema/entities.ts"
import { markNoteRead, NOTE_COLUMNS, noteOf, unreadCountOf, type NoteRow } from "./db.ts"

export const registerNotificationRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  bind(app, ctx, "notifications", (req) => {
    const p = paginate<NoteRow, Notification>(
      db,
      req.query,
      {
        from: "notifications",
        columns: NOTE_COLUMNS,
        where: ["user_id = ?"],
        params: [req.user.id],
        sortable: { created_at: "created_at", updated_at: "updated_at" },
        defaultPageSize: 20
      },
      toNotification
    )
    return { data: [...p.data], pagination: { page: p.page, total_per_page: p.page_size, total: p.total, total_pages: p.page_total } }
  })

  bind(app, ctx, "notificationRead", (req) => {
    const id = req.params["id"] ?? ""
    const row = noteOf(db, req.user.id, id)
    if (row === undefined) return notFound()
    const read = req.body.read ? 1 : 0
    if (row.read !== read) {
      markNoteRead(db, id, read, ctx.clock.stamp())
      const n = toNotification({ ...row, read })
      ctx.events.change("notifications", { userId: req.user.id, ids: [id], rows: [n] })
      return { data: n }
    }
    return { data: toNotification(row) }
  })

  bind(app, ctx, "unreadCount", (req) => ({ data: { count: unreadCountOf(db, req.user.id) } }))
}
