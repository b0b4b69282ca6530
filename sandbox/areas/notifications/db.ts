/**
 * The notifications' SQL (spec core §3, §4, §7; issue 29 item 7: the area's statements beside its routes). Rows are
 * written by sandbox/ledger.ts `notify` wherever something happens; here they are read, marked read and counted.
 */
import type { DB } from "../../db.ts"

export interface NoteRow {
  id: string
  title: string
  description: string
  created_at: string
  read: number
  message_json: string | null
}

/** The columns a notification is made of (sandbox/repo.ts toNotification). */
export const NOTE_COLUMNS = "id, title, description, created_at, read, message_json"

/** A user's notification by id, or undefined (another user's is not found). */
export const noteOf = (db: DB, userId: string, id: string): NoteRow | undefined =>
  db.prepare(`SELECT ${NOTE_COLUMNS} FROM notifications WHERE id = ? AND user_id = ?`).get(id, userId) as NoteRow | undefined

export const markNoteRead = (db: DB, id: string, read: 0 | 1, at: string): void => {
  db.prepare("UPDATE notifications SET read = ?, updated_at = ? WHERE id = ?").run(read, at, id)
}

export const unreadCountOf = (db: DB, userId: string): number =>
  (db.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read = 0").get(userId) as { n: number }).n
