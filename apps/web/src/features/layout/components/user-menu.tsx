import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdleAfterInteraction } from '@/lib/idle';
import { textsReady } from '@/lib/texts';
import { AccountButton, type AccountProps } from './account-button';

// Mantine's Menu brings its popover and floating-ui (about a fifth of the first screen's code): the
// menu's code is fetched when the browser is idle after the owner's first interaction, or when they point
// at or focus the button; the button is a plain one until its first click, which opens the menu.
const loadMenu = () => import('./account-menu');
const prefetchMenu = () => {
  loadMenu().catch(() => undefined);
};
const AccountMenu = lazy(async () => {
  const { AccountMenu } = await loadMenu();
  await textsReady();
  return { default: AccountMenu };
});

type UserMenuProps = AccountProps & { onSignOut: () => void };

/** The account menu (profile, language, sign-out) behind the header's avatar button. */
export const UserMenu = (props: UserMenuProps) => {
  // The placeholder stays until the owner opens the menu: swapping it for the menu while they reach for
  // it would take the button from under their pointer or focus.
  const [opened, setOpened] = useState(false);
  useEffect(() => whenIdleAfterInteraction(prefetchMenu), []);
  if (!opened) {
    return (
      <AccountButton
        name={props.name}
        email={props.email}
        avatar={props.avatar}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={prefetchMenu}
        onFocus={prefetchMenu}
        onClick={() => setOpened(true)}
      />
    );
  }
  return (
    <Suspense
      fallback={<AccountButton name={props.name} email={props.email} avatar={props.avatar} aria-busy />}
    >
      <AccountMenu {...props} defaultOpened />
    </Suspense>
  );
};
