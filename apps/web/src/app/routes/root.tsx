import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '@/components/loaders';
import { usePublicConfig } from '@/features/info/api/get-public-config';
import { usePageViewTracking } from '@/lib/analytics';

/** The root of every route: page-view tracking and the first-load fallback. */
export const RootRoute = () => {
  const { data: config } = usePublicConfig();
  usePageViewTracking(config?.analytics);
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
};
