/**
 * What the root route's guard loader gives the shell (spec core §2.1 routes and guards): the
 * layout of the page and its locale. Its own file so the router and the shell do not import each other.
 */
export interface RootData {
  readonly layout: "auth" | "default"
  readonly locale: "pt" | "en"
}
