// Mantine's global styles; each component's own stylesheet comes with the chunk that uses the component
// (vite-plugins.ts, mantineCssPerComponent).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The router's first load waits for the entry's texts, in parallel with the first screen's code and data
// (app/router.tsx).
createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
