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
import { textsReady } from '@/lib/texts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );

// The entry's own texts (loading, errors) in the visitor's language first; without them (a failed
// load) the console still starts, and a screen's own load says what went wrong.
textsReady().then(render, render);
