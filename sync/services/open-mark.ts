/**
 * A user-timing mark of the session's open (`engine:db`, `engine:mirror`, … and the statement's `open:*`), seen in a
 * Chromium trace of the reopen (`BENCH_TRACE=… npm run bench -- reopen-1m`): where the engine's half second goes.
 */
export function openMark(name: string): void {
  globalThis.performance?.mark?.(name)
}
