/** Before the end-to-end suite: the app built from what the checkout holds (issue 28 item 9), once for every worker. */
import { resolve } from "node:path"
// @ts-expect-error a plain ES module of the scripts folder, without types
import { buildIfStale } from "../../scripts/build-state.mjs"

export default function globalSetup(): void {
  buildIfStale(resolve(import.meta.dirname, "../.."))
}
