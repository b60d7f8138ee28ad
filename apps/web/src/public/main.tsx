import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The texts (both languages) are set up on import, before the first render.
import '@/lib/i18n';
import { PublicApp } from './public-app';

const root = document.getElementById('root');
if (!root) throw new Error('public.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <PublicApp pathname={window.location.pathname} />
  </StrictMode>,
);
