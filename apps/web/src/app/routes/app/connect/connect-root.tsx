import { Outlet } from 'react-router';
import { ConnectNotEnabled } from '@/features/owner/components/connect-not-enabled';
import { useMeSmall } from '@/lib/current-owner';

/** D9: the connect area needs isParleyConnectEnabled; otherwise it explains what connect offers. */
export const ConnectRoot = () => {
  const { data: owner } = useMeSmall();
  return owner?.isParleyConnectEnabled ? <Outlet /> : <ConnectNotEnabled />;
};
