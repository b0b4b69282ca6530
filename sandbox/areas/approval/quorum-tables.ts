/**
 * Tables of the approvers' notifications (issue 32 item 3, D-approval-quorum; sandbox/areas/approval/quorum-db.ts): the
 * reminders sent (one per request and approver) and the notifications' message keys (a column added to databases made
 * before it). Apart so that sandbox/db.ts creates them without a cycle.
 */
import type Database from "better-sqlite3"

type DB = Database.Database

export const createApprovalQuorumTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS approval_reminders (
  request_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (request_id, user_id)
);`)
  const cols = (db.prepare("PRAGMA table_info(notifications)").all() as Array<{ name: string }>).map((c) => c.name)
  if (!cols.includes("message_json")) db.exec("ALTER TABLE notifications ADD COLUMN message_json TEXT")
}
