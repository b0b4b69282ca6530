/**
 * The reCAPTCHA step of sign-up (spec core §7 "A reCAPTCHA (enterprise, version 3, badge
 * hidden) token is requested per action; its failure shows RECAPTCHA_ERROR"). The real
 * provider is unreachable here, so the step sits behind this interface: the default build uses
 * SandboxRecaptcha (a token the sandbox accepts); a real provider would load the vendor script
 * and call `grecaptcha.enterprise.execute(siteKey, { action })`. src/README.md "Decisions".
 */
import { createContext, useContext } from "react"

export interface RecaptchaProvider {
  /** A token for one action (e.g. "signup"); rejects when the provider fails. */
  token(action: string): Promise<string>
}

export const SANDBOX_RECAPTCHA_TOKEN = "sandbox-recaptcha-ok"

export class SandboxRecaptcha implements RecaptchaProvider {
  token(_action: string): Promise<string> {
    return Promise.resolve(SANDBOX_RECAPTCHA_TOKEN)
  }
}

/** A provider that always fails (tests of the RECAPTCHA_ERROR path). */
export class FailingRecaptcha implements RecaptchaProvider {
  token(_action: string): Promise<string> {
    return Promise.reject(new Error("recaptcha unavailable"))
  }
}

export const RecaptchaContext = createContext<RecaptchaProvider>(new SandboxRecaptcha())
export const useRecaptcha = (): RecaptchaProvider => useContext(RecaptchaContext)

/** Get a token or the catalogue key RECAPTCHA_ERROR. */
export async function recaptchaToken(p: RecaptchaProvider, action: string): Promise<{ ok: true; token: string } | { ok: false; key: "RECAPTCHA_ERROR" }> {
  try {
    const token = await p.token(action)
    return token ? { ok: true, token } : { ok: false, key: "RECAPTCHA_ERROR" }
  } catch {
    return { ok: false, key: "RECAPTCHA_ERROR" }
  }
}
