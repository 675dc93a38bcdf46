import './csp-setup';
import './mantine-styles';
import './early-taps.css';
import { createQueryClient } from '@dealership/web-trpc-client';
import { type ReactNode, startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { loadPageLoadersOnIntent } from './app/routes';
import { env, styleNonce } from './env';
import { hydratePageState, readPageState } from './server-render/page-state';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * A link inside the app shows the next page's loader at once, while that page's code loads, instead
 * of leaving the last page on screen (React Router's default, a transition). A form left on screen
 * looked ready: on /login, "Forgot your password?" left the login form's Email field where the
 * next page's is, the visitor typed their address into it, and the page that replaced it came
 * empty ("Email is required"). With the loader there is no field until the page's own.
 */
function ClientRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App config={env} styleNonce={styleNonce} Router={ClientRouter} queryClient={queryClient} />
  </StrictMode>
);

// A public page arrives rendered by the server with the data it was rendered with: the browser
// takes it over (hydrates) without fetching that data again. Other pages render here.
const pageState = readPageState(document);
if (pageState) {
  hydratePageState(queryClient, pageState);
  // The page's own chunks come with the entry (boot.js); those of the other pages once needed.
  loadPageLoadersOnIntent();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: taps and scrolls on the server's page are answered meanwhile.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // The static description in index.html serves clients without JavaScript; pages render their own.
  document.querySelectorAll('meta[data-static-seo]').forEach((element) => element.remove());
  createRoot(container).render(app);
}
