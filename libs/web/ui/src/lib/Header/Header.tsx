import { Badge, Burger, Button, Container, Group, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useThrottledCallback, useWindowEvent } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { SITE_ROUTES } from '@dealership/shared-schemas';
import { NavLink, useNavigate } from 'react-router-dom';
import { HeartIcon } from '../icons/icons';
import { Logo } from '../Logo/Logo';
import { notifySuccess } from '../toast/toast';
import classes from './Header.module.css';

/** Main navigation links (spec §2 "Navigation bar"). */
export const NAV_LINKS = [
  { to: SITE_ROUTES.home.path, label: 'Home' },
  { to: SITE_ROUTES.about.path, label: 'About Us' },
  { to: SITE_ROUTES.cars.path, label: 'Our Cars' },
  { to: SITE_ROUTES.brands.path, label: 'Brands' },
] as const;

// The drawer (modal, focus trap, scroll lock: about 25 kB of compressed code with its Mantine parts)
// is needed only when the burger is used: its chunk starts loading when a finger or the pointer
// reaches the burger or it takes the focus, and the drawer opens as soon as it has arrived (the
// burger shows its open state meanwhile). Loaded during the page load instead, it would count
// against every phone page's JavaScript budget (docs/speed.md).
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));
const preloadMobileMenu = () => void loadMobileMenu();

/** From this scroll offset the bar takes its scrolled style (spec §9). */
export const SCROLL_THRESHOLD_PX = 90;
export const SCROLL_THROTTLE_MS = 100;

function useScrolledPast(threshold: number): boolean {
  // A page opened scrolled down (reload, back) takes the scrolled style once the effect has read
  // the position: the first render matches the server's, which knows no scroll position.
  const [scrolled, setScrolled] = useState(false);
  const onScroll = useThrottledCallback(() => setScrolled(window.scrollY >= threshold), SCROLL_THROTTLE_MS);
  useWindowEvent('scroll', onScroll, { passive: true });
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => setScrolled(window.scrollY >= threshold));
    return () => window.cancelAnimationFrame(frame);
  }, [threshold]);
  return scrolled;
}

/**
 * What the header shows of the visitor's session. The header only presents it: the app shell reads
 * the stored session and favourites (`@dealership/web-session`) and passes them down, so this UI lib
 * stays free of browser storage and the API client.
 */
export interface HeaderProps {
  /** Cars on the favourites list, shown on the Wishlist badge. */
  savedCount: number;
  /** The signed-in visitor's dashboard; null for a guest, who gets Login and Register. */
  dashboardPath: string | null;
  /** Ends the session; the header then shows the "Logged Out Successfully" toast and goes home. */
  onLogout: () => void;
}

function NavItems({ className, count, onNavigate }: { className: string; count: number; onNavigate?: () => void }) {
  return (
    <>
      {NAV_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.to === SITE_ROUTES.home.path} className={className} onClick={onNavigate}>
          {link.label}
        </NavLink>
      ))}
      <NavLink to={SITE_ROUTES.cart.path} className={className} onClick={onNavigate}>
        <HeartIcon size={18} />
        Wishlist
        <Badge size="sm" circle={count < 10} color="amber" variant="filled">
          {count}
        </Badge>
        <VisuallyHidden>saved cars</VisuallyHidden>
      </NavLink>
    </>
  );
}

interface AuthActionsProps extends Pick<HeaderProps, 'dashboardPath' | 'onLogout'> {
  onNavigate?: () => void;
  stacked?: boolean;
}

function AuthActions({ dashboardPath, onLogout, onNavigate, stacked = false }: AuthActionsProps) {
  const navigate = useNavigate();
  const Wrapper = stacked ? Stack : Group;

  if (dashboardPath !== null) {
    const handleLogout = () => {
      onLogout();
      onNavigate?.();
      notifySuccess('Logged Out Successfully');
      navigate(SITE_ROUTES.home.path);
    };
    return (
      <Wrapper gap="xs">
        <Button component={NavLink} to={dashboardPath} variant="light" onClick={onNavigate}>
          Dashboard
        </Button>
        <Button variant="outline" onClick={handleLogout}>
          Logout
        </Button>
      </Wrapper>
    );
  }
  return (
    <Wrapper gap="xs">
      <Button component={NavLink} to={SITE_ROUTES.login.path} variant="subtle" onClick={onNavigate}>
        Login
      </Button>
      <Button component={NavLink} to={SITE_ROUTES.register.path} onClick={onNavigate}>
        Register
      </Button>
    </Wrapper>
  );
}

/** The site's navigation bar: sticky, with a scrolled style and a drawer menu below `md`. */
export function Header({ savedCount, dashboardPath, onLogout }: HeaderProps) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpened, menu] = useDisclosure(false);
  // The drawer is mounted from the first opening on, so it can animate closed and open again.
  const [menuMounted, setMenuMounted] = useState(false);
  const toggleMenu = () => {
    setMenuMounted(true);
    menu.toggle();
  };

  return (
    <header className={classes.header} data-scrolled={scrolled || undefined}>
      <Container size="xl" className={classes.inner}>
        <Logo />
        <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
          <NavItems className={classes.link} count={savedCount} />
        </Group>
        <Group visibleFrom="md" wrap="nowrap">
          <AuthActions dashboardPath={dashboardPath} onLogout={onLogout} />
        </Group>
        <Burger
          hiddenFrom="md"
          opened={menuOpened}
          onClick={toggleMenu}
          onPointerDown={preloadMobileMenu}
          onFocus={preloadMobileMenu}
          aria-label={menuOpened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={menuOpened}
          aria-controls="mobile-navigation"
        />
      </Container>
      {menuMounted ? (
        <Suspense fallback={null}>
          <MobileMenu
            id="mobile-navigation"
            opened={menuOpened}
            onClose={menu.close}
            navigation={
              <Stack component="nav" aria-label="Mobile" gap={4}>
                <NavItems className={classes.drawerLink} count={savedCount} onNavigate={menu.close} />
              </Stack>
            }
            actions={<AuthActions dashboardPath={dashboardPath} onLogout={onLogout} stacked onNavigate={menu.close} />}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
