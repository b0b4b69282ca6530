/**
 * The value each live query answers with (sync/results.ts), for the views: types only, as the
 * worker boundary's client half may take from sync/.
 */
export type * from "../sync/results.ts"
