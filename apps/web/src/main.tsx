import './csp-setup';
import './mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// The static description in index.html serves clients without JavaScript; pages render their own.
document.querySelectorAll('meta[data-static-seo]').forEach((element) => element.remove());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
