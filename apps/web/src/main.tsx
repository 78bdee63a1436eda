// The base styles come first, so feature styles (imported by the routes) override them.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { applyTheme } from './lib/theme';
import { getUserId } from './lib/user-id';

applyTheme();
// The anonymous id exists from the first visit on (spec section 3).
getUserId();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
