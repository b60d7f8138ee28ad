import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/loaders';
import { usePageViewTracking } from '@/lib/analytics';
import { usePublicConfig } from '@/lib/public-config';

/** The root of every route: page-view tracking and the first-load fallback. */
export const RootRoute = () => {
  const { data: config } = usePublicConfig();
  usePageViewTracking(config?.analytics, useLocation().pathname);
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
};
