import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './public-app';

const root = document.getElementById('root');
if (!root) throw new Error('public.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <PublicApp pathname={window.location.pathname} />
  </StrictMode>,
);
