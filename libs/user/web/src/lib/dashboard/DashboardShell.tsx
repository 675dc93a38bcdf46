import { Badge, Burger, Container, Drawer, Text } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { Link, matchPath, Outlet, useLocation } from 'react-router-dom';
import classes from './DashboardShell.module.css';

export interface DashboardMenuItem {
  to: string;
  label: string;
  /** A count beside the label (the admin's New leads); nothing when 0 or unknown. */
  count?: number;
  /** What the count counts, for screen readers: '3 new'. */
  countLabel?: string;
}

export interface DashboardShellProps {
  /** Names the side menu ("Admin Panel", "My Account"). */
  heading: string;
  menu: readonly DashboardMenuItem[];
  /** Shown above every screen of the area (the user's email confirmation reminder). */
  notice?: ReactNode;
}

/**
 * The menu item a path belongs to: its own page, or the deepest item it lies under (an import's
 * page is under "Imports", not under the dashboard's home).
 */
export function currentMenuItem<T extends { to: string }>(menu: readonly T[], pathname: string): T | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return menu
    .filter((item) => path === item.to || path.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

function MenuLinks({ menu, current, onNavigate }: { menu: readonly DashboardMenuItem[]; current?: DashboardMenuItem; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className={classes.list}>
      {menu.map((item) => (
        <li key={item.to}>
          {/* The page itself is "page"; a page under the item (an import under Imports) marks it as where the visitor is. */}
          <Link to={item.to} className={classes.link} onClick={onNavigate} aria-current={item !== current ? undefined : matchPath({ path: item.to, end: true }, pathname) ? 'page' : 'location'}>
            {item.label}
            {item.count ? (
              <Badge size="sm" color="orange" circle={item.count < 10} aria-label={`${item.count} ${item.countLabel ?? ''}`.trim()}>
                {item.count > 99 ? '99+' : item.count}
              </Badge>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A dashboard frame: the side menu at left, the nested screen beside it. Below Mantine's `sm`
 * breakpoint the menu folds into a drawer, opened by a burger above the screen.
 */
export function DashboardShell({ heading, menu, notice }: DashboardShellProps) {
  const { pathname } = useLocation();
  // The drawer is open for the page it was opened on: any navigation closes it, links and Back alike.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === pathname;
  const close = () => setOpenedOn(null);
  const drawerId = useId();
  const current = currentMenuItem(menu, pathname);

  return (
    <Container size="xl" py={{ base: 'md', md: 32 }}>
      <div className={classes.shell}>
        <div className={classes.bar}>
          <Burger
            opened={opened}
            onClick={() => setOpenedOn(opened ? null : pathname)}
            aria-label={`${opened ? 'Close' : 'Open'} ${heading} menu`}
            aria-expanded={opened}
            aria-controls={drawerId}
            size="sm"
          />
          <div className={classes.barText}>
            <Text size="xs" fw={700} c="gray.7" tt="uppercase" className={classes.barHeading}>
              {heading}
            </Text>
            {current ? (
              <Text size="sm" fw={600} truncate>
                {current.label}
              </Text>
            ) : null}
          </div>
        </div>
        <nav className={classes.menu} aria-label={heading}>
          <h2 className={classes.heading}>{heading}</h2>
          <MenuLinks menu={menu} current={current} />
        </nav>
        <Drawer
          id={drawerId}
          opened={opened}
          onClose={close}
          title={heading}
          size="xs"
          position="left"
          hiddenFrom="sm"
          classNames={{ title: classes.drawerTitle }}
        >
          <nav aria-label={heading} className={classes.drawerMenu}>
            <MenuLinks menu={menu} current={current} onNavigate={close} />
          </nav>
        </Drawer>
        <div>
          {notice}
          <Outlet />
        </div>
      </div>
    </Container>
  );
}
