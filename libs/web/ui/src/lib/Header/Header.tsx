import { Badge, Burger, Button, Container, Divider, Group, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useThrottledCallback, useWindowEvent } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { HeartIcon } from '../icons/icons';
import { Logo } from '../Logo/Logo';
import { useAuth } from '../storage/use-auth';
import { useCart } from '../storage/use-cart';
import { notifySuccess } from '../toast/toast';
import classes from './Header.module.css';

/** Main navigation links (spec §2 "Navigation bar"). */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/cars', label: 'Our Cars' },
  { to: '/brands', label: 'Brands' },
] as const;

// The drawer (modal, focus trap, scroll lock) is not needed for first paint: its chunk loads
// when the browser is idle on a narrow screen, or on the first tap of the burger.
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** Mantine's `md` breakpoint: below it the header shows the burger. */
const DRAWER_MEDIA_QUERY = '(max-width: 61.99em)';

function usePreloadMobileMenu(): void {
  useEffect(() => {
    if (!window.matchMedia(DRAWER_MEDIA_QUERY).matches) return;
    const preload = () => void loadMobileMenu();
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(preload, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, []);
}

/** From this scroll offset the bar takes its scrolled style (spec §9). */
export const SCROLL_THRESHOLD_PX = 90;
export const SCROLL_THROTTLE_MS = 100;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY >= threshold);
  const onScroll = useThrottledCallback(() => setScrolled(window.scrollY >= threshold), SCROLL_THROTTLE_MS);
  useWindowEvent('scroll', onScroll, { passive: true });
  return scrolled;
}

function NavItems({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { count } = useCart();
  return (
    <>
      {NAV_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.to === '/'} className={className} onClick={onNavigate}>
          {link.label}
        </NavLink>
      ))}
      <NavLink to="/cart" className={className} onClick={onNavigate}>
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

function AuthActions({ onNavigate, stacked = false }: { onNavigate?: () => void; stacked?: boolean }) {
  const { isLoggedIn, dashboardPath, logout } = useAuth();
  const navigate = useNavigate();
  const Wrapper = stacked ? Stack : Group;

  if (isLoggedIn) {
    const handleLogout = () => {
      logout();
      onNavigate?.();
      notifySuccess('Logged Out Successfully');
      navigate('/');
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
      <Button component={NavLink} to="/login" variant="subtle" onClick={onNavigate}>
        Login
      </Button>
      <Button component={NavLink} to="/register" onClick={onNavigate}>
        Register
      </Button>
    </Wrapper>
  );
}

/** The site's navigation bar: sticky, with a scrolled style and a drawer menu below `md`. */
export function Header() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpened, menu] = useDisclosure(false);
  // The drawer is mounted from the first opening on, so it can animate closed and open again.
  const [menuMounted, setMenuMounted] = useState(false);
  usePreloadMobileMenu();
  const toggleMenu = () => {
    setMenuMounted(true);
    menu.toggle();
  };

  return (
    <header className={classes.header} data-scrolled={scrolled || undefined}>
      <Container size="xl" className={classes.inner}>
        <Logo />
        <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
          <NavItems className={classes.link} />
        </Group>
        <Group visibleFrom="md" wrap="nowrap">
          <AuthActions />
        </Group>
        <Burger
          hiddenFrom="md"
          opened={menuOpened}
          onClick={toggleMenu}
          aria-label={menuOpened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={menuOpened}
          aria-controls="mobile-navigation"
        />
      </Container>
      {menuMounted ? (
        <Suspense fallback={null}>
          <MobileMenu id="mobile-navigation" opened={menuOpened} onClose={menu.close}>
            <Stack component="nav" aria-label="Mobile" gap={4}>
              <NavItems className={classes.drawerLink} onNavigate={menu.close} />
            </Stack>
            <Divider my="md" />
            <AuthActions stacked onNavigate={menu.close} />
          </MobileMenu>
        </Suspense>
      ) : null}
    </header>
  );
}
