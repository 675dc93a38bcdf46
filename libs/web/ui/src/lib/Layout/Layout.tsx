import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer, type FooterProps } from '../Footer/Footer';
import { Header, type HeaderProps } from '../Header/Header';
import { PageLoader } from '../PageLoader/PageLoader';
import classes from './Layout.module.css';
import { ScrollManager } from './ScrollManager';

/** The footer's settings and the header's view of the session (see `HeaderProps`). */
export type LayoutProps = FooterProps & HeaderProps;

/** The page frame shared by every route: header, the routed page, footer. */
export function Layout({ dealerPhone, socialLinks, ...header }: LayoutProps) {
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
      <Footer dealerPhone={dealerPhone} socialLinks={socialLinks} />
      <ScrollManager />
    </div>
  );
}
