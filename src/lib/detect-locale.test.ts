/** spec core §2.4 language order: URL prefix, cookie, browser language, pt; and the prefix helpers. */
import { describe, expect, it } from "vitest"
import { detectLocale, localeOfTag } from "./detect-locale.ts"
import { splitLocalePath, switchPrefix, withPrefix } from "./locale-path.ts"
import { cookieString, LANG_COOKIE_MAX_AGE_S, readCookie } from "./cookies.ts"

describe("core §2.4 language choice order", () => {
  it("takes the URL prefix first", () => {
    expect(detectLocale({ pathname: "/en/banking/home", cookie: "pt", browserLanguages: ["pt-BR"] })).toBe("en")
    expect(detectLocale({ pathname: "/pt", cookie: "en", browserLanguages: ["en-US"] })).toBe("pt")
  })
  it("then the cookie", () => {
    expect(detectLocale({ pathname: "/banking/home", cookie: "en", browserLanguages: ["pt-BR"] })).toBe("en")
  })
  it("ignores a cookie that is not a language", () => {
    expect(detectLocale({ pathname: "/", cookie: "fr", browserLanguages: ["en-GB"] })).toBe("en")
  })
  it("then the first browser language we speak", () => {
    expect(detectLocale({ pathname: "/", cookie: null, browserLanguages: ["de-DE", "en-US", "pt-BR"] })).toBe("en")
  })
  it("then pt", () => {
    expect(detectLocale({ pathname: "/", cookie: null, browserLanguages: ["de-DE"] })).toBe("pt")
    expect(detectLocale({ pathname: "/", cookie: null, browserLanguages: [] })).toBe("pt")
  })
  it("reads language tags", () => {
    expect(localeOfTag("pt-BR")).toBe("pt")
    expect(localeOfTag("EN_us")).toBe("en")
    expect(localeOfTag("es")).toBeNull()
  })
})

describe("core §2: three forms of every route", () => {
  it("splits the prefix", () => {
    expect(splitLocalePath("/en/banking/home")).toEqual({ prefix: "en", rest: "/banking/home" })
    expect(splitLocalePath("/pt")).toEqual({ prefix: "pt", rest: "/" })
    expect(splitLocalePath("/banking/home")).toEqual({ prefix: null, rest: "/banking/home" })
    expect(splitLocalePath("/english/x")).toEqual({ prefix: null, rest: "/english/x" })
  })
  it("puts a path under a prefix and switches prefixes", () => {
    expect(withPrefix("/auth/login", "en")).toBe("/en/auth/login")
    expect(withPrefix("/auth/login", null)).toBe("/auth/login")
    expect(withPrefix("/", "pt")).toBe("/pt")
    expect(switchPrefix("/en/control-panel/wallets", "pt")).toBe("/pt/control-panel/wallets")
  })
})

describe("core §2.4 language cookie", () => {
  it("lasts 365 days", () => {
    expect(LANG_COOKIE_MAX_AGE_S).toBe(365 * 24 * 3600)
    expect(cookieString("lang", "en", LANG_COOKIE_MAX_AGE_S)).toBe("lang=en; Max-Age=31536000; Path=/; SameSite=Lax")
  })
  it("is read back", () => {
    expect(readCookie("lang", "a=1; lang=en; b=2")).toBe("en")
    expect(readCookie("lang", "a=1")).toBeNull()
  })
})
