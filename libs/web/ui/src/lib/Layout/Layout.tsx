import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '../Footer/Footer';
import { Header, type HeaderProps } from '../Header/Header';
import { PageLoader } from '../PageLoader/PageLoader';
import classes from './Layout.module.css';
import { ScrollManager } from './ScrollManager';

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
      <Footer />
      <ScrollManager />
    </div>
  );
}
