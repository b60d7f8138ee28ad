import type { Product } from '@parley/contract';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { FullPageLoader, PageSkeleton } from '@/components/loaders';
import { SupportLinks } from '@/components/support-links';
import { areaFromPath } from '@/config/paths';
import { HistoryButton } from '@/features/history/components/history-button';
import { ConsoleLayout } from '@/features/layout/components/console-layout';
import { ConsoleNav } from '@/features/layout/components/console-nav';
import { UserMenu } from '@/features/layout/components/user-menu';
import { useMailLanguageFollowsConsole } from '@/features/owner/api/use-mail-language-follows-console';
import { useRequiredOwner } from '@/features/owner/api/use-required-owner';
import { signOut } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';
import { PageErrorBoundary } from './page-error-boundary';

/**
 * The active product area comes from the path; on neutral pages (dashboard, templates,
 * profile) the last one stays active. Without connect only platform exists for this owner.
 */
const useActiveArea = (connectEnabled: boolean): Product => {
  const { pathname } = useLocation();
  const fromPath = areaFromPath(pathname);
  const [last, setLast] = useState<Product | null>(fromPath);
  if (fromPath && fromPath !== last) setLast(fromPath);
  const area = fromPath ?? last ?? (connectEnabled ? 'connect' : 'platform');
  return connectEnabled ? area : 'platform';
};

/** The signed-in console: shell, sidebar, history, language, account menu around each page. */
export const ConsoleRoot = () => {
  const owner = useRequiredOwner();
  const { data: config } = usePublicConfig();
  const connectEnabled = owner.data?.isParleyConnectEnabled ?? false;
  const area = useActiveArea(connectEnabled);
  const { pathname } = useLocation();
  useMailLanguageFollowsConsole(owner.data);

  // The profile decides what the console shows (connect or not): wait for it.
  if (!owner.data) return <FullPageLoader />;
  const { name, email, avatar } = owner.data;
  const areas: Product[] = connectEnabled ? ['connect', 'platform'] : ['platform'];

  return (
    <ConsoleLayout
      headerActions={
        <>
          <HistoryButton area={area} areas={areas} />
          <LanguageSwitch />
          <UserMenu
            name={name}
            email={email}
            avatar={avatar}
            onSignOut={() => {
              // signOut shows its own notification when it fails; nothing else to do here.
              signOut().catch(() => undefined);
            }}
          />
        </>
      }
      navbar={(onNavigate) => <ConsoleNav connectEnabled={connectEnabled} onNavigate={onNavigate} />}
      navbarFooter={
        config ? <SupportLinks supportUrl={config.supportUrl} supportEmail={config.supportEmail} /> : null
      }
    >
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </ConsoleLayout>
  );
};
