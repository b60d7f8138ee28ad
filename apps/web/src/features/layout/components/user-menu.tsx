import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/lib/idle';
import { textsReady } from '@/lib/texts';
import { AccountButton, type AccountProps } from './account-button';

// Mantine's Menu brings its popover and floating-ui (about a fifth of the first screen's code): the
// menu is fetched once the first screen is up (when the browser is idle) or when the owner points at
// the button, and until then the button is a plain one that opens the menu as soon as it is there.
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
  // 'focused': the menu replaced the placeholder while the placeholder had the focus, which moves on.
  const [menu, setMenu] = useState<'placeholder' | 'ready' | 'focused' | 'opened'>('placeholder');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(
    () =>
      whenIdle(() => {
        loadMenu().then(
          () => {
            const focused = button.current !== null && button.current === document.activeElement;
            setMenu((m) => (m === 'placeholder' ? (focused ? 'focused' : 'ready') : m));
          },
          () => undefined,
        );
      }),
    [],
  );
  const placeholder = (
    <AccountButton
      ref={button}
      name={props.name}
      email={props.email}
      avatar={props.avatar}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetchMenu}
      onClick={() => setMenu('opened')}
    />
  );
  if (menu === 'placeholder') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu {...props} defaultOpened={menu === 'opened'} takeFocus={menu !== 'ready'} />
    </Suspense>
  );
};
