/**
 * Saved analysis views (issue 32 item 4; sync/SPEC.md Q12; docs/decisions.md D-analysis-views): per
 * user, kept in the user's own store as entities of kind `analysis_view` (no server list: never
 * pulled, so no P4 clean-up touches them), mirrored like the synced lists and so answered live
 * (`savedViews`); deleted with the store at logout, expiry and user switch (S4). A view is decoded
 * with its Schema before it is written.
 */
import { Schema } from "effect"
import { SavedView } from "../../schema/analysis.ts"
import { entityKey, type UserDb } from "./db.ts"

export const SAVED_VIEW_KIND = "analysis_view"

const decode = Schema.decodeUnknownSync(SavedView)

/** Writes (adds or replaces, by id) a saved view; throws a BadRequest-tagged error when it does not decode. */
export async function putSavedView(db: UserDb, view: unknown): Promise<void> {
  let v: SavedView
  try {
    v = decode(view)
  } catch {
    throw { _tag: "BadRequest", key: "INVALID_FORMAT", status: 400 }
  }
  await db.entities.upsert({
    key: entityKey(SAVED_VIEW_KIND, "", v.id),
    kind: SAVED_VIEW_KIND,
    wallet_id: "",
    id: v.id,
    updated_at: v.updated_at,
    doc: { ...v }
  })
}

/** Deletes a saved view by id (nothing when it is not there). */
export async function deleteSavedView(db: UserDb, id: string): Promise<void> {
  const doc = await db.entities.findOne(entityKey(SAVED_VIEW_KIND, "", id)).exec()
  if (doc) await doc.remove()
}
