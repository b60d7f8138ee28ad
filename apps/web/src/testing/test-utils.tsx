import { notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { stopSession } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { arrive } from '@/login/arrival';
import { LoginApp } from '@/login/login-app';
import { PublicApp } from '@/public/public-app';

/** Renders the whole console at `url`, as a browser opening that address would. */
export const renderApp = (url: string) => {
  window.history.replaceState(null, '', url);
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={createQueryClient({ retry: false })}>
      <AppRouter />
    </AppProvider>,
  );
  return { user, ...view };
};

/** Renders one piece of the console inside the app's providers (theme, i18n, queries), without the router. */
export const renderInProviders = (ui: ReactNode) =>
  render(<AppProvider queryClient={createQueryClient({ retry: false })}>{ui}</AppProvider>);

/** Renders the public pages' application (src/public) at `url`, as a participant opening that link would. */
export const renderPublicApp = (url: string) => {
  window.history.replaceState(null, '', url);
  const user = userEvent.setup();
  const view = render(<PublicApp pathname={window.location.pathname} />);
  return { user, ...view };
};

/**
 * Opens the sign-in page's application (src/login) at `url` as login/main.tsx does: a visitor signed in
 * already is sent on at once (`leaveTo`, mocked in tests) and sees no form.
 */
export const renderLoginApp = (url: string) => {
  window.history.replaceState(null, '', url);
  const user = userEvent.setup();
  const arrival = arrive(window.location.search);
  const view = render(
    arrival.kind === 'show' ? (
      <LoginApp destination={arrival.destination} notice={arrival.notice} />
    ) : (
      <div />
    ),
  );
  return { user, arrival, ...view };
};

export const currentUrl = () => `${window.location.pathname}${window.location.search}`;

/** Module-level state that must not leak from one test into the next. */
export const resetAppState = async () => {
  stopSession();
  notifications.clean();
  await i18n.changeLanguage('en');
};
