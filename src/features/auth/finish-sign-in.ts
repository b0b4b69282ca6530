/**
 * After the tokens arrive (e-mail code or QR): hand the session to the engine, then go home
 * in the URL's language form (the guards take over: PIN, onboarding, wallets).
 */
import type { Tokens } from "../../../schema/entities.ts"
import { completeSignIn } from "../../lib/session.ts"

export async function finishSignIn(tokens: Tokens, go: (path: string) => void, home: string): Promise<void> {
  await completeSignIn(tokens)
  go(home)
}
