/**
 * Receipt HTML from the server (features §7 "GET /users/operations/{id}/receipt", Receipt.html)
 * is sanitised with DOMPurify before it reaches the DOM. The design system's `sanitizeHtml`
 * keeps only inline text formatting (for dialog messages); a receipt is a document with
 * headings, definition lists and tables, so it gets its own profile: structure tags only, no
 * attributes at all (no links, styles, classes, event handlers or images), no scripts, no forms.
 */
import DOMPurify from "dompurify"

const RECEIPT_TAGS = [
  "article",
  "section",
  "header",
  "footer",
  "div",
  "span",
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "dl",
  "dt",
  "dd",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "strong",
  "b",
  "em",
  "i",
  "small",
  "code"
]

export function sanitizeReceiptHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: RECEIPT_TAGS, ALLOWED_ATTR: [], KEEP_CONTENT: true })
}
