/**
 * Text put into the HTML message of a confirmation dialog (names, keys, descriptions are user or
 * server data: DEVELOPERS "server text never rendered as HTML unsanitised"): escaped once, here.
 */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")
