import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { leaveTo } from '@/lib/leave-page';
import { arrive } from './arrival';
import { LoginApp } from './login-app';

const arrival = arrive(window.location.search);
if (arrival.kind === 'leave') {
  leaveTo(arrival.to);
} else {
  const root = document.getElementById('root');
  if (!root) throw new Error('login.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <LoginApp destination={arrival.destination} notice={arrival.notice} />
    </StrictMode>,
  );
}
