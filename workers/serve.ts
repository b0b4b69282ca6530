/**
 * Requests from views, served by the engine (everything but subscriptions, which the worker entry
 * keeps per port). Errors cross the boundary as `{ tag, key, status, fields }`, never as thrown
 * objects, so the view can translate the catalogue key.
 */
import type { EndpointId } from "../schema/api.ts"
import { api } from "../schema/api.ts"
import type { Engine } from "../sync/engine.ts"
import { PullError } from "../sync/pullers/puller.ts"
import { Schema } from "effect"
import { Replies, type FromWorker, type RequestName, type ToWorker, type WorkerError } from "./protocol.ts"

export const toWorkerError = (e: unknown): WorkerError => {
  const err = e instanceof PullError ? e.cause : e
  if (err && typeof err === "object" && "_tag" in err) {
    const o = err as { _tag: string; key?: unknown; status?: unknown; fields?: unknown }
    return {
      tag: o._tag,
      key:
        typeof o.key === "string"
          ? o.key
          : o._tag === "NetworkError"
            ? "UNABLE_TO_GET_DATA"
            : o._tag === "MalformedResponse"
              ? "INVALID_FORMAT"
              : "UNKNOWN_ERROR",
      ...(typeof o.status === "number" ? { status: o.status } : {}),
      ...(o.fields && typeof o.fields === "object" ? { fields: o.fields as Record<string, string> } : {})
    }
  }
  return { tag: "UnknownError", key: "UNKNOWN_ERROR" }
}

const declares = new Map<string, (u: unknown) => boolean>(Object.entries(Replies).map(([t, r]) => [t, Schema.is(r.failure as Schema.Top)]))

/** A request's failure as its reply carries it: a tag it does not declare (protocol.ts `Replies`) crosses as UnknownError, its key kept. */
export const failureFor = (request: RequestName, e: unknown): WorkerError => {
  const w = toWorkerError(e)
  if (declares.get(request)?.(w) === true) return w
  // eslint-disable-next-line no-console -- EN1: an undeclared failure is logged, then answered as unknown
  console.warn(`[engine] ${request} failed with an undeclared ${w.tag}`, e)
  return { ...w, tag: "UnknownError" }
}

export async function serveMessage(engine: Engine, m: ToWorker, reply: (r: FromWorker) => void, _broadcast: (r: FromWorker) => void): Promise<void> {
  const ok = (reqId: number, value?: unknown) => reply({ t: "reply", reqId, ok: true, ...(value !== undefined ? { value } : {}) })
  const fail = (reqId: number, e: unknown) => reply({ t: "reply", reqId, ok: false, error: failureFor(m.t as RequestName, e) })
  switch (m.t) {
    case "hello":
      engine.configure(m.apiBase, m.locale)
      // a failed start is answered to nobody here: the tab that signed in asks again with `signedIn`, which replies
      if (m.session && !engine.session)
        void engine.start(m.session).catch((e: unknown) => {
          console.warn("[engine] start", e) // eslint-disable-line no-console -- EN1
        })
      return
    case "locale":
      engine.configure(engine.apiBase, m.locale)
      return
    case "online":
      engine.setOnline(m.online)
      return
    case "signedIn":
      try {
        await engine.start(m.session)
        ok(m.reqId)
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "signOut":
      try {
        await engine.signOut(m.reason)
        ok(m.reqId)
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "setWallet":
      engine.setWallet(m.walletId)
      return
    case "call": {
      if (!(m.endpoint in api)) {
        fail(m.reqId, { _tag: "UnauthorizedEndpoint", key: "UNAUTHORIZED_ENDPOINT" })
        return
      }
      try {
        const v = await engine.call(m.endpoint as EndpointId, {
          ...(m.params ? { params: m.params } : {}),
          ...(m.query ? { query: m.query } : {}),
          ...(m.body !== undefined ? { body: m.body } : {}),
          ...(m.walletId ? { walletId: m.walletId } : {})
        })
        ok(m.reqId, v)
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    }
    case "pullLists":
      try {
        await engine.pullLists(m.lists, m.walletId)
        ok(m.reqId)
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "submit":
      try {
        ok(m.reqId, await engine.submit(m.walletId, m.body, m.dedupeKey))
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "pinAnswer":
      engine.answerPin(m.commandId, m.answer)
      return
    case "cancelCommand":
      try {
        ok(m.reqId, await engine.cancelCommand(m.commandId))
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "putFile":
      try {
        if (!(m.blob instanceof Blob)) throw { _tag: "BadRequest", key: "INVALID_FORMAT" }
        ok(m.reqId, await engine.putFile(m.blob, m.name, m.type))
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "uploadControl":
      try {
        await engine.controlUpload(m.commandId, m.action)
        ok(m.reqId)
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "exportCsv":
      try {
        ok(m.reqId, engine.exportStatements(m.query, m.format, m.headers))
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "exportTable":
      try {
        ok(m.reqId, engine.exportTable(m.table, m.query, m.headers))
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "saveView":
      try {
        await engine.saveView(m.view)
        ok(m.reqId)
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "deleteView":
      try {
        await engine.deleteView(m.id)
        ok(m.reqId)
      } catch (e) {
        fail(m.reqId, e)
      }
      return
    case "subscribe":
    case "unsubscribe":
      return
  }
}
