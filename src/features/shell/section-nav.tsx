/**
 * The menu of the current section (core §2.2, §2.4): items filtered by permissions and
 * conditions; an item with sub-items opens a small menu; the active item is not a link.
 */
import * as Menu from "@radix-ui/react-dropdown-menu"
import { Link, useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import { sectionOf, type MenuItem } from "../../lib/menus.ts"
import { useBarePath, useLocalePath } from "../../lib/use-locale-path.ts"
import { useSections } from "../../lib/use-shell-data.ts"
import { ChevronDownIcon } from "../../ui/icons.tsx"
import * as s from "./header.css.ts"

const isUnder = (path: string, base: string): boolean => path === base || path.startsWith(`${base}/`)

function Parent({ item, path }: { readonly item: MenuItem; readonly path: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const active = isUnder(path, item.path)
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className={[s.navItem, active ? s.navActive : ""].join(" ")} data-testid={`menu-${item.id}`} style={{ cursor: "pointer" }}>
        {t(`shell:${item.labelKey}`)}
        <ChevronDownIcon size={14} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={s.menuContent} align="start" sideOffset={2}>
          {(item.children ?? []).map((c) => {
            const here = path === c.path
            return (
              <Menu.Item
                key={c.id}
                className={s.menuItem}
                disabled={here}
                aria-current={here ? "page" : undefined}
                onSelect={() => {
                  if (!here) void navigate(lp(c.path))
                }}
                data-testid={`menu-${c.id}`}
              >
                {t(`shell:${c.labelKey}`)}
              </Menu.Item>
            )
          })}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}

export function SectionNav() {
  const { t } = useTranslation()
  const path = useBarePath()
  const lp = useLocalePath()
  const sections = useSections()
  const id = sectionOf(path) ?? "banking"
  const section = sections.find((x) => x.id === id) ?? sections[0]
  if (!section) return null
  return (
    <div className={s.navRow}>
      <nav className={s.nav} aria-label={t(`shell:${section.labelKey}`)} data-testid="section-nav" data-section={section.id}>
        {section.items.map((it) => {
          if (it.children) return <Parent key={it.id} item={it} path={path} />
          if (path === it.path) {
            return (
              <span key={it.id} className={[s.navItem, s.navActive].join(" ")} aria-current="page" data-testid={`menu-${it.id}`}>
                {t(`shell:${it.labelKey}`)}
              </span>
            )
          }
          return (
            <Link key={it.id} to={lp(it.path)} className={[s.navItem, isUnder(path, it.path) ? s.navActive : ""].join(" ")} data-testid={`menu-${it.id}`}>
              {t(`shell:${it.labelKey}`)}
            </Link>
          )
        })}
      </nav>
    </div>
  )
}
