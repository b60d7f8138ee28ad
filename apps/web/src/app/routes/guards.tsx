import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { FullPageLoader } from '@/components/loaders';
import { loginPathFor, safeDestination, useAuth } from '@/lib/auth';
import { textsReady } from '@/lib/texts';

// Only needed after a sign-out in another tab: kept out of the entry chunk.
const SignedOutDialog = lazy(async () => {
  const { SignedOutDialog } = await import('@/features/auth/components/signed-out-dialog');
  await textsReady();
  return { default: SignedOutDialog };
});

/**
 * D10: a signed-out visitor goes to /login with the wanted path as destination. Lives in the
 * entry chunk on purpose: the console's code is only fetched once the visitor is signed in.
 */
export const RequireAuth = ({ children }: { children: ReactNode }) => {
  const { status, endReason } = useAuth();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'signed-out' && endReason === 'elsewhere') {
    // Signed out in another tab: the page and its unsaved edits stay; the dialog offers to sign in
    // again in place or to leave for the login page (docs/product-decisions.md, console).
    return (
      <>
        <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
        <Suspense fallback={null}>
          <SignedOutDialog />
        </Suspense>
      </>
    );
  }
  if (status === 'signed-out') {
    // After choosing "Sign out" the owner starts afresh; an expired session comes back here.
    const to = endReason === 'sign-out' ? '/login' : loginPathFor(pathname, search);
    return <Navigate to={to} replace />;
  }
  return <Suspense fallback={<FullPageLoader />}>{children}</Suspense>;
};

/** D10: a signed-in visitor at /login goes to the destination if it is a console path, else to /. */
export const RedirectIfSignedIn = ({ children }: { children: ReactNode }) => {
  const { status } = useAuth();
  const [params] = useSearchParams();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'signed-in') {
    return <Navigate to={safeDestination(params.get('destination'))} replace />;
  }
  return <Suspense fallback={<FullPageLoader />}>{children}</Suspense>;
};
