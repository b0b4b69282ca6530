/** The app switcher (core §2.2 "A switcher moves between sections"): the sections this user may see. */
import * as Menu from "@radix-ui/react-dropdown-menu"
import { useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import { sectionOf } from "../../lib/menus.ts"
import { useBarePath, useLocalePath } from "../../lib/use-locale-path.ts"
import { useSections } from "../../lib/use-shell-data.ts"
import { IconButton } from "../../ui/button.tsx"
import { CheckIcon, GridIcon } from "../../ui/icons.tsx"
import * as s from "./header.css.ts"

export function AppSwitcher() {
  const { t } = useTranslation()
  const sections = useSections()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const current = sectionOf(useBarePath())
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <IconButton label={t("shell:header.apps")} data-testid="app-switcher">
          <GridIcon />
        </IconButton>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={s.menuContent} align="start" sideOffset={6}>
          <Menu.Label className={s.menuLabel}>{t("shell:header.apps")}</Menu.Label>
          {sections.map((sec) => (
            <Menu.Item
              key={sec.id}
              className={s.menuItem}
              onSelect={() => {
                void navigate(lp(sec.defaultPath))
              }}
              aria-current={sec.id === current ? "page" : undefined}
              data-testid={`section-${sec.id}`}
            >
              <span style={{ width: 18 }}>{sec.id === current ? <CheckIcon size={16} /> : null}</span>
              {t(`shell:${sec.labelKey}`)}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}
