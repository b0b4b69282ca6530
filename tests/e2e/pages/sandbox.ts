/**
 * The sandbox as the suites check screens against it, over the app's origin (the preview server
 * proxies /users and /__admin): a typed client (tests/support/sandbox-client.ts) for what a test does as
 * a user or as the sandbox's admin, the seeded wallets by key, and a wallet's ledger (balances,
 * statement rows, and per transaction-uuid its rows and idempotency records: exactly-once proofs).
 */
import { SandboxClient, type Session } from "../../support/sandbox-client.ts"
import type { Ledger } from "../../../schema/api-admin.ts"

export type { Ledger }

export class Sandbox {
  readonly client: SandboxClient
  private wallets: Readonly<Record<string, string>> | null = null
  constructor(baseURL: string) {
    this.client = new SandboxClient(baseURL)
  }
  /** The seeded wallets: key (e.g. anaMain, anaReserve) → id (schema of /__admin/seed). */
  async seededWallets(): Promise<Readonly<Record<string, string>>> {
    this.wallets ??= { ...(await this.client.admin("seed")).data.wallets }
    return this.wallets
  }
  async walletId(key = "anaMain"): Promise<string> {
    const id = (await this.seededWallets())[key]
    if (id === undefined) throw new Error(`no seeded wallet ${key}`)
    return id
  }
  login(email: string): Promise<Session> {
    return this.client.login(email)
  }
  /** The ledger of a wallet (by id; Ana's main wallet when none is given). */
  async ledger(walletId?: string): Promise<Ledger> {
    return (await this.client.admin("ledger", { query: { wallet_id: walletId ?? (await this.walletId()) } })).data
  }
}
