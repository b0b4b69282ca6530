/**
 * spec core §2.1 route middleware (order, unknown name → 500) and the guards of core §4 (auth,
 * current wallet, gateway, default wallet, permissions, PIN, onboarding) run against a fake engine.
 */
import { beforeEach, describe, expect, it } from "vitest"
import type { EngineClient } from "../../workers/client.ts"
import type { Wallet } from "../../schema/entities.ts"
import { P } from "../../schema/permissions.ts"
import { appStore, setEngineForTests } from "../lib/app-state.ts"
import { routeMetaOf } from "../lib/route-meta.ts"
import { MIDDLEWARE, MIDDLEWARE_ORDER, runMiddleware, UnknownMiddleware, type GuardContext, type Middleware } from "./middleware.ts"

const ctxFor = (path: string): GuardContext => ({
  url: new URL(`http://x${path}`),
  prefix: null,
  path,
  meta: routeMetaOf(path),
  layout: "default",
  locale: "pt"
})

describe("core §2.1 middleware runner", () => {
  it("names the spec's order", () => {
    expect([...MIDDLEWARE_ORDER]).toEqual([
      "auth",
      "layout",
      "wallets",
      "wallet-permissions",
      "onboarding-and-pin",
      "wallet-accounts",
      "user",
      "session",
      "i18n"
    ])
    for (const n of MIDDLEWARE_ORDER) expect(typeof MIDDLEWARE[n]).toBe("function")
  })
  it("runs in order and stops at the first redirect", async () => {
    const seen: string[] = []
    const reg: Record<string, Middleware> = {
      a: () => {
        seen.push("a")
      },
      b: () => {
        seen.push("b")
        return "/x"
      },
      c: () => {
        seen.push("c")
      }
    }
    expect(await runMiddleware(["a", "b", "c"], ctxFor("/banking/home"), reg)).toBe("/x")
    expect(seen).toEqual(["a", "b"])
  })
  it("ignores a redirect to the page being opened", async () => {
    expect(await runMiddleware(["a"], ctxFor("/banking/home"), { a: () => "/banking/home" })).toBeNull()
  })
  it("rejects an unknown middleware before running any (the router shows 500)", async () => {
    const seen: string[] = []
    await expect(
      runMiddleware(["a", "nope"], ctxFor("/"), {
        a: () => {
          seen.push("a")
        }
      })
    ).rejects.toBeInstanceOf(UnknownMiddleware)
    expect(seen).toEqual([])
  })
})

// ── the guards against a fake engine ─────────────────────────────────────────
const wallet = (id: string, o: Partial<Wallet> = {}): Wallet => ({
  id,
  name: `W ${id}`,
  owner_name: "Ana",
  owner_id: "u1",
  default: false,
  permission_types: ["ROOT"],
  is_matrix: false,
  branches: [],
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  ...o
})
interface Fake {
  walletSubs: Array<(v: unknown) => void>
  calls: string[]
  wallets: Wallet[]
  gateway: string[]
  hasPin: boolean
  status: string | null
  type: "NATURAL_PERSON" | "LEGAL_PERSON"
  actions: string[]
  syncedActions: string[]
  setWallet: string[]
}
let fake: Fake
const paged = <T>(data: T[]) => ({ data: { page: 1, page_size: 100, page_total: 1, total: data.length, data } })

function fakeEngine(): EngineClient {
  const call = (endpoint: string): Promise<unknown> => {
    fake.calls.push(endpoint)
    switch (endpoint) {
      case "wallets":
        return Promise.resolve(paged(fake.wallets))
      case "checkGatewayWallets":
        return Promise.resolve({ data: { wallets_ids: fake.gateway } })
      case "permissionActions":
        return Promise.resolve(paged(fake.actions.map((tag) => ({ tag }))))
      case "hasPin":
        return Promise.resolve({ data: { has_pin: fake.hasPin } })
      case "profile":
        return Promise.resolve({
          data: {
            id: "u1",
            name: "Ana",
            full_name: "Ana S",
            email: "ana@example.com",
            phone_number: "",
            type: fake.type,
            document: "",
            referral_link: null,
            server_type: "blue"
          }
        })
      case "onboarding":
        return Promise.resolve({ data: { status: fake.status, needs_profile_update: false, address: null } })
      default:
        return Promise.reject(new Error(endpoint))
    }
  }
  // the engine's live queries: its synced wallets (pulled: the list's progress is done) and its copy of the actions
  const subscribe = (q: { kind: string }, cb: (v: unknown) => void): (() => void) => {
    if (q.kind === "wallets") {
      fake.walletSubs.push(cb)
      cb(fake.wallets)
    } else if (q.kind === "syncProgress") cb({ lists: { wallets: { done: fake.wallets.length, total: fake.wallets.length, state: "done" } } })
    else if (q.kind === "permissionActions") cb(fake.syncedActions)
    return () => undefined
  }
  const pullLists = (): Promise<void> => Promise.resolve()
  return {
    call,
    subscribe,
    pullLists,
    setWallet: (id: string) => {
      fake.setWallet.push(id)
    }
  } as unknown as EngineClient
}

/** Each guard test: a fresh fake engine (two wallets, every action) and a signed-in session. */
function signedInWithFakeEngine(): void {
  fake = {
    wallets: [wallet("w1", { default: true }), wallet("w2")],
    gateway: [],
    hasPin: true,
    status: "finished",
    type: "NATURAL_PERSON",
    actions: ["*"],
    syncedActions: [],
    setWallet: [],
    walletSubs: [],
    calls: []
  }
  setEngineForTests(fakeEngine)
  appStore.reset()
  appStore.set({ session: { userId: "u1", accessToken: "a", refreshToken: "r", expiresAt: Date.now() + 300_000 } })
}

const GUARDS = MIDDLEWARE_ORDER.filter((n) => n !== "i18n" && n !== "session")
const go = (path: string) => runMiddleware(GUARDS, ctxFor(path))

describe("core §4 guards", () => {
  beforeEach(signedInWithFakeEngine)

  it("auth: no session → login; session on login → home", async () => {
    appStore.reset()
    expect(await go("/banking/home")).toBe("/auth/login")
    expect(await go("/auth/forgot-password")).toBeNull()
    appStore.set({ session: { userId: "u1", accessToken: "a", refreshToken: "r", expiresAt: Date.now() + 300_000 } })
    expect(await go("/auth/login")).toBe("/banking/home")
  })

  it("current wallet: the default when nothing is stored, and the engine is told", async () => {
    expect(await go("/banking/home")).toBeNull()
    expect(appStore.get().walletId).toBe("w1")
    expect(fake.setWallet).toContain("w1")
  })

  it("current wallet: the first when there is no default", async () => {
    fake.wallets = [wallet("w7"), wallet("w8")]
    await go("/banking/home")
    expect(appStore.get().walletId).toBe("w7")
  })

  it("gateway: a non-gateway wallet is sent to /banking/home; a gateway wallet passes", async () => {
    expect(await go("/gateway/metrics")).toBe("/banking/home")
    appStore.reset()
    appStore.set({ session: { userId: "u1", accessToken: "a", refreshToken: "r", expiresAt: Date.now() + 300_000 } })
    fake.gateway = ["w1"]
    expect(await go("/gateway/metrics")).toBeNull()
  })

  it("default-wallet pages: cards elsewhere go home", async () => {
    appStore.set({ walletId: "w2" })
    expect(await go("/banking/cards")).toBe("/banking/home")
  })

  it("permissions: a route tag the wallet lacks goes home; * passes", async () => {
    fake.actions = [P.getWalletAccounts]
    expect(await go("/banking/statements")).toBe("/banking/home")
    expect(await go("/banking/coins")).toBeNull()
  })

  it("PIN: without a PIN → create-pin; with one, create-pin → home", async () => {
    fake.hasPin = false
    expect(await go("/banking/home")).toBe("/auth/create-pin")
    expect(await go("/auth/create-pin")).toBeNull()
    appStore.set({ hasPin: true })
    expect(await go("/auth/create-pin")).toBe("/banking/home")
  })

  it("onboarding pending: only the open areas", async () => {
    fake.status = "pending"
    expect(await go("/banking/home")).toBeNull()
    expect(await go("/control-panel/wallets")).toBeNull()
    expect(await go("/banking/pix")).toBe("/banking/home")
    expect(await go("/control-panel/security/change-password")).toBe("/banking/home")
    expect(appStore.get().accountsEnabled).toBe(false)
  })

  it("onboarding expired counts as complete for a natural person, not for a company", async () => {
    fake.status = "expired"
    expect(await go("/banking/pix")).toBeNull()
    appStore.reset()
    appStore.set({ session: { userId: "u1", accessToken: "a", refreshToken: "r", expiresAt: Date.now() + 300_000 } })
    fake.type = "LEGAL_PERSON"
    expect(await go("/banking/pix")).toBe("/banking/home")
  })

  it("onboarding is not required on a wallet the user does not own", async () => {
    fake.status = "pending"
    fake.wallets = [wallet("w9", { owner_id: "someone-else", default: true, permission_types: ["CLIENT"] })]
    expect(await go("/banking/pix")).toBeNull()
  })
})

describe("issue 11: the shell's wallets and actions are the engine's synced copies", () => {
  beforeEach(signedInWithFakeEngine)

  it("core §4 the wallets are read from the engine, never paged from the network, and followed live: a new wallet shows, a current one that went away gives way to the default", async () => {
    await go("/banking/home")
    expect(fake.calls).not.toContain("wallets")
    expect(appStore.get().wallets?.map((w) => w.id)).toEqual(["w1", "w2"])
    appStore.set({ walletId: "w2" })
    const live = [wallet("w1", { default: true }), wallet("w3")]
    for (const cb of fake.walletSubs) cb(live)
    expect(appStore.get().wallets?.map((w) => w.id)).toEqual(["w1", "w3"])
    expect(appStore.get().walletId).toBe("w1")
    // an empty snapshot (an engine restarting) is not followed
    for (const cb of fake.walletSubs) cb([])
    expect(appStore.get().wallets?.map((w) => w.id)).toEqual(["w1", "w3"])
  })

  it("core §6 the current wallet's actions come from the engine's copy when it has one (no call); before its first pull, from the network", async () => {
    fake.syncedActions = [P.getWalletAccounts]
    expect(await go("/banking/statements")).toBe("/banking/home")
    expect(fake.calls).not.toContain("permissionActions")
    appStore.reset()
    appStore.set({ session: { userId: "u1", accessToken: "a", refreshToken: "r", expiresAt: Date.now() + 300_000 } })
    fake.syncedActions = []
    expect(await go("/banking/statements")).toBeNull()
    expect(fake.calls).toContain("permissionActions")
  })
})
