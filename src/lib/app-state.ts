/**
 * The signed-in user's shell state (spec core §3 "Locally persisted", §4): session, profile,
 * onboarding status, PIN existence, wallets and the current wallet, gateway wallets and the
 * current wallet's permission actions. The guards fill it (each piece once per session): the wallets
 * from the engine's synced list, followed live from then on (one source of truth, issue 11), the rest
 * through the engine's calls; views read it with `useAppState`. Logout, expiry and user switch reset it.
 * Only the wallet token and the "PIN exists" answer outlive a reload (prefs / sessionStorage).
 */
import { useSyncExternalStore } from "react"
import { EngineError, getEngine, prefs, storedSession, type CallArgs, type EngineClient } from "../../workers/client.ts"
import type { EndpointId, ResponseOf } from "../../schema/api.ts"
import type { SessionInfo } from "../../workers/protocol.ts"
import type { Onboarding, OnboardingStatus, UserProfile, Wallet } from "../../schema/entities.ts"
import { isOnboardingComplete, isOnboardingRequired, statusAfterFetch } from "./onboarding.ts"
import { isNetworkError } from "./errors.ts"

export interface AppState {
  readonly session: SessionInfo | null
  readonly profile: UserProfile | null
  readonly onboarding: Onboarding | null
  readonly onboardingStatus: OnboardingStatus | null
  readonly hasPin: boolean | null
  readonly wallets: ReadonlyArray<Wallet> | null
  readonly walletId: string | null
  readonly gatewayWallets: ReadonlyArray<string> | null
  readonly actions: { readonly walletId: string; readonly tags: ReadonlyArray<string> } | null
  /** core §4: wallet accounts are not loaded while onboarding is pending or incomplete. */
  readonly accountsEnabled: boolean
}

const EMPTY: AppState = {
  session: null,
  profile: null,
  onboarding: null,
  onboardingStatus: null,
  hasPin: null,
  wallets: null,
  walletId: null,
  gatewayWallets: null,
  actions: null,
  accountsEnabled: false
}

let state: AppState = { ...EMPTY, session: storedSession() }
const listeners = new Set<() => void>()
const inflight = new Map<string, Promise<unknown>>()
/** The shell's subscription to the engine's wallets (followWallets), until reset. */
let stopFollowing: (() => void) | null = null

export const appStore = {
  get: (): AppState => state,
  set(patch: Partial<AppState>): void {
    state = { ...state, ...patch }
    for (const l of listeners) l()
  },
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  },
  /** Logout, expiry, user switch (core §4 "Logout"): forget everything of this user. */
  reset(): void {
    inflight.clear()
    stopFollowing?.()
    stopFollowing = null
    appStore.set({ ...EMPTY, session: null })
  }
}

export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(appStore.subscribe, () => select(state))
}

/** Test seam: the engine the loaders talk to. */
let engineOf: () => EngineClient = () => getEngine()
export function setEngineForTests(f: () => EngineClient): void {
  engineOf = f
}

/** A guard's call. The engine holds views' calls until it knows the user's server type (sync/SPEC.md A2). */
function guardCall<K extends EndpointId>(endpoint: K, args: CallArgs = {}): Promise<ResponseOf<K>> {
  return engineOf().call(endpoint, args)
}

function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  const hit = inflight.get(key)
  if (hit) return hit as Promise<T>
  const p = run().catch((e: unknown) => {
    inflight.delete(key)
    throw e
  })
  inflight.set(key, p)
  return p
}
/** Drop a memoised load so the next `ensure…` asks again. */
export function invalidate(key: "profile" | "onboarding" | "wallets" | "hasPin" | "gateway" | "actions"): void {
  for (const k of [...inflight.keys()]) if (k === key || k.startsWith(`${key}:`)) inflight.delete(k)
}

// ── Session ─────────────────────────────────────────────────────────────────
export function currentSession(): SessionInfo | null {
  if (state.session === null) {
    const s = storedSession()
    if (s) appStore.set({ session: s })
  }
  return state.session
}

// ── Loaders (each once per session) ─────────────────────────────────────────
export function ensureProfile(): Promise<UserProfile> {
  if (state.profile) return Promise.resolve(state.profile)
  return once("profile", async () => {
    const r = await guardCall("profile")
    appStore.set({ profile: r.data })
    return r.data
  })
}

/** core §4: a failed call gives incomplete, a success without status pending. */
export function ensureOnboarding(): Promise<OnboardingStatus | null> {
  if (state.onboarding || state.onboardingStatus) return Promise.resolve(state.onboardingStatus)
  return once("onboarding", async () => {
    try {
      const r = await guardCall("onboarding")
      const status = statusAfterFetch(state.onboardingStatus, { ok: true, status: r.data.status })
      appStore.set({ onboarding: r.data, onboardingStatus: status })
      return status
    } catch {
      const status = statusAfterFetch(state.onboardingStatus, { ok: false })
      appStore.set({ onboardingStatus: status })
      return status
    }
  })
}

const PIN_KEY = "hasPin"
/** core §4 PIN: checked once per session (a positive answer is kept for the tab's session). */
export function ensureHasPin(userId: string): Promise<boolean> {
  if (state.hasPin !== null) return Promise.resolve(state.hasPin)
  try {
    if (globalThis.sessionStorage?.getItem(PIN_KEY) === userId) {
      appStore.set({ hasPin: true })
      return Promise.resolve(true)
    }
  } catch {
    /* private mode */
  }
  return once("hasPin", async () => {
    const r = await guardCall("hasPin")
    setHasPin(userId, r.data.has_pin)
    return r.data.has_pin
  })
}
export function setHasPin(userId: string, has: boolean): void {
  appStore.set({ hasPin: has })
  try {
    if (has) globalThis.sessionStorage?.setItem(PIN_KEY, userId)
    else globalThis.sessionStorage?.removeItem(PIN_KEY)
  } catch {
    /* private mode */
  }
}

/** Reads a live query's first snapshot (the local copy), used when the network is down. */
function firstSnapshot<T>(subscribe: (cb: (v: T) => void) => () => void, timeoutMs = 3000): Promise<T | undefined> {
  return new Promise((resolve) => {
    let done = false
    let unsub: (() => void) | null = null
    const finish = (v: T | undefined): void => {
      if (done) return
      done = true
      resolve(v)
      setTimeout(() => unsub?.(), 0)
    }
    unsub = subscribe((v) => finish(v))
    setTimeout(() => finish(undefined), timeoutMs)
  })
}

// ── Wallets: the engine's synced list, followed live (issue 11: one source of truth) ────────────────
/** When the engine's wallets are empty after their pull ended, how long a late snapshot of them may take to come. */
const EMPTY_WALLETS_GRACE_MS = 1000
/**
 * The engine's wallets as soon as it knows them: at once from the store after a reload, or when its first
 * pull of them ended (sync/SPEC.md P6: the list's progress). A failed first pull is a failed load.
 */
function engineWallets(): Promise<ReadonlyArray<Wallet>> {
  return new Promise((resolve, reject) => {
    let latest: ReadonlyArray<Wallet> = []
    let settled = false
    let grace: ReturnType<typeof setTimeout> | null = null
    const stops: Array<() => void> = []
    const finish = (f: () => void): void => {
      if (settled) return
      settled = true
      if (grace !== null) clearTimeout(grace)
      f()
      setTimeout(() => {
        for (const stop of stops) stop()
      }, 0)
    }
    stops.push(
      engineOf().subscribe({ kind: "wallets" }, (ws) => {
        latest = ws
        if (ws.length > 0) finish(() => resolve(ws))
      })
    )
    stops.push(
      engineOf().subscribe({ kind: "syncProgress" }, (p) => {
        const st = p.lists["wallets"]?.state
        if (st === "error" && latest.length === 0) finish(() => reject(new EngineError({ _tag: "NetworkError" }, "UNABLE_TO_GET_DATA")))
        else if (st === "done" && grace === null) grace = setTimeout(() => finish(() => resolve(latest)), EMPTY_WALLETS_GRACE_MS)
      })
    )
  })
}

/**
 * From the first load on, the shell's wallets are the engine's live list: a wallet shared with the user, renamed
 * or left shows without a reload, and the current wallet moves to the next one if it went away. An empty
 * snapshot (an engine that is restarting or signing out) is not followed: a user always keeps a wallet (features §4).
 */
function followWallets(): void {
  if (stopFollowing) return
  stopFollowing = engineOf().subscribe({ kind: "wallets" }, (ws) => {
    if (ws.length > 0 && state.session) takeWallets(ws)
  })
}

function takeWallets(wallets: ReadonlyArray<Wallet>): void {
  appStore.set({ wallets })
  if (state.walletId && !wallets.some((w) => w.id === state.walletId)) {
    const next = chooseWallet(wallets, null)
    if (next) selectWallet(next.id, { persist: true })
  }
}

export function ensureWallets(): Promise<ReadonlyArray<Wallet>> {
  if (state.wallets) return Promise.resolve(state.wallets)
  return once("wallets", async () => {
    const wallets = await engineWallets()
    appStore.set({ wallets })
    followWallets()
    return wallets
  })
}

/** After create, rename, delete, accept: the engine pulls its wallets again; the shell takes them, keeping the current one if it still exists. */
export async function refreshWallets(): Promise<ReadonlyArray<Wallet>> {
  await engineOf().rpc.pullLists({ lists: ["wallets"], walletId: "" })
  const wallets = (await firstSnapshot<ReadonlyArray<Wallet>>((cb) => engineOf().subscribe({ kind: "wallets" }, cb))) ?? state.wallets ?? []
  takeWallets(wallets)
  followWallets()
  return wallets
}

export const WALLET_PREF = "walletToken"

/** core §4 "Current wallet": the stored token if it names a loaded wallet, else the default, else the first. */
export function chooseWallet(wallets: ReadonlyArray<Wallet>, stored: string | null): Wallet | null {
  return wallets.find((w) => w.id === stored) ?? wallets.find((w) => w.default) ?? wallets[0] ?? null
}

/** Make a wallet current: the store, the engine (wallet-uuid header, pulls), and optionally the pref. */
export function selectWallet(walletId: string, o: { persist: boolean }): void {
  if (o.persist) prefs.set(WALLET_PREF, walletId)
  if (state.walletId !== walletId) {
    // core §4: switching clears the wallet's accounts and permissions, then reloads the actions
    appStore.set({ walletId, actions: null })
    invalidate("actions")
  }
  engineOf().setWallet(walletId)
}

/** core §4: a gateway wallet-load failure is treated as no gateway wallets. */
export function ensureGatewayWallets(walletIds: ReadonlyArray<string>): Promise<ReadonlyArray<string>> {
  if (state.gatewayWallets) return Promise.resolve(state.gatewayWallets)
  return once("gateway", async () => {
    let ids: ReadonlyArray<string> = []
    try {
      if (walletIds.length > 0) ids = (await guardCall("checkGatewayWallets", { body: { wallets_ids: walletIds } })).data.wallets_ids
    } catch {
      ids = []
    }
    appStore.set({ gatewayWallets: ids })
    return ids
  })
}

/** core §6: the current wallet's permission actions, loaded by its permission types (paged, size 100). */
export function ensureActions(wallet: Wallet): Promise<ReadonlyArray<string>> {
  if (state.actions?.walletId === wallet.id) return Promise.resolve(state.actions.tags)
  return once(`actions:${wallet.id}`, async () => {
    // the engine's synced copy when it has one (after a reload, a wallet switch once synced); the network only
    // before the engine's first pull of this wallet's permissions (a fresh sign-in)
    const synced =
      (await firstSnapshot<ReadonlyArray<string>>((cb) => engineOf().subscribe({ kind: "permissionActions", walletId: wallet.id }, cb), 1000)) ?? []
    if (synced.length > 0) {
      if (state.walletId === wallet.id) appStore.set({ actions: { walletId: wallet.id, tags: synced } })
      return synced
    }
    let tags: string[] = []
    try {
      for (let page = 1; page <= 50; page++) {
        const r = await guardCall("permissionActions", {
          walletId: wallet.id,
          query: { page: String(page), page_size: "100", permission_types: wallet.permission_types.join(",") }
        })
        tags.push(...r.data.data.map((a) => a.tag))
        if (page >= r.data.page_total) break
      }
    } catch (e) {
      if (!isNetworkError(e)) throw e
      tags = [...((await firstSnapshot<ReadonlyArray<string>>((cb) => engineOf().subscribe({ kind: "permissionActions", walletId: wallet.id }, cb))) ?? [])]
    }
    if (state.walletId === wallet.id) appStore.set({ actions: { walletId: wallet.id, tags } })
    return tags
  })
}

// ── Derived values ──────────────────────────────────────────────────────────
export function currentWallet(s: AppState = state): Wallet | null {
  return s.wallets?.find((w) => w.id === s.walletId) ?? null
}
/** core §4: onboarding complete, or not required because the current wallet is not the user's own. */
export function onboardingOk(s: AppState = state): boolean {
  const w = currentWallet(s)
  if (!isOnboardingRequired(w?.owner_id ?? null, s.session?.userId ?? s.profile?.id ?? null)) return true
  return isOnboardingComplete(s.onboardingStatus, s.profile?.type ?? null)
}
export function isGatewayWallet(s: AppState = state): boolean {
  return s.walletId !== null && (s.gatewayWallets ?? []).includes(s.walletId)
}
