import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { deferredComponent } from '../deferred/deferred-component';
import { Header, type HeaderProps } from '../Header/Header';
import { PageLoader } from '../PageLoader/PageLoader';
import classes from './Layout.module.css';
import { ScrollManager } from './ScrollManager';

/**
 * The footer is below every page's fold: written by the server with the page, its code comes after
 * the page's (about 2 KB with the grid and icons only it uses), so every page's first load keeps
 * within the 150 KB budget (bundle-check). Its links work before it hydrates (plain links).
 */
const DeferredFooter = deferredComponent(async () => (await import('../Footer/Footer')).Footer, {
  source: 'libs/web/ui/src/lib/Footer/Footer.tsx',
  minHeight: 360,
  label: 'Loading…',
});

/** The header's view of the session (see `HeaderProps`); the footer reads the site content. */
export type LayoutProps = HeaderProps;

/** The page frame shared by every route: header, the routed page, footer. */
export function Layout(header: LayoutProps) {
  return (
    <div className={classes.root}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <Header {...header} />
      <Box component="main" id="main" className={classes.main} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <DeferredFooter />
      <ScrollManager />
    </div>
  );
}
