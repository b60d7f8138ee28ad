import { Outlet } from 'react-router';
import { useMeSmall } from '@/features/owner/api/get-me-small';
import { ConnectNotEnabled } from '@/features/owner/components/connect-not-enabled';

/** D9: the connect area needs isParleyConnectEnabled; otherwise it explains what connect offers. */
export const ConnectRoot = () => {
  const { data: owner } = useMeSmall();
  return owner?.isParleyConnectEnabled ? <Outlet /> : <ConnectNotEnabled />;
};
