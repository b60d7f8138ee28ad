import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  Navigate,
  type Params,
  type RouteObject,
  RouterProvider,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { paths } from '@/config/paths';
import { getSessionState } from '@/lib/auth';
import { whenIdleAfterInteraction } from '@/lib/idle';
import { textsReady } from '@/lib/texts';
import { type LazyPage, lazyPage as page } from './lazy-page';
import { type RouteDataName, routeData } from './route-data';
import { RedirectIfSignedIn, RequireAuth } from './routes/guards';
import { RootRoute } from './routes/root';
import { RootErrorBoundary } from './routes/root-error-boundary';

/**
 * Route modules are loaded on demand (one chunk each) with React.lazy rather than the router's
 * `lazy`: the guards above render first, so a signed-out visitor never downloads the console
 * and /login loads only the entry and its own small chunk. A chunk that fails to load inside the
 * console is caught by the console's page error boundary, which keeps the shell and can retry.
 * A signed-in owner's way to a screen starts its code and its first data at once (`preload` below).
 */
const Login = page(
  () => import('./routes/login'),
  (m) => m.LoginRoute,
);
const ResetPassword = page(
  () => import('./routes/reset-password'),
  (m) => m.ResetPasswordRoute,
);
const Console = page(
  () => import('./routes/app/root'),
  (m) => m.ConsoleRoot,
);
const Dashboard = page(
  () => import('./routes/app/dashboard'),
  (m) => m.DashboardRoute,
);
const Connect = page(
  () => import('./routes/app/connect/connect-root'),
  (m) => m.ConnectRoot,
);
const Campaigns = page(
  () => import('./routes/app/connect/campaigns'),
  (m) => m.CampaignsRoute,
);
const Campaign = page(
  () => import('./routes/app/connect/campaign'),
  (m) => m.CampaignRoute,
);
const TicketInbox = page(
  () => import('./routes/app/connect/ticket-inbox'),
  (m) => m.TicketInboxRoute,
);
const CampaignTicket = page(
  () => import('./routes/app/connect/campaign-ticket'),
  (m) => m.CampaignTicketRoute,
);
const Contacts = page(
  () => import('./routes/app/connect/contacts'),
  (m) => m.ContactsRoute,
);
const Contact = page(
  () => import('./routes/app/connect/contact'),
  (m) => m.ContactRoute,
);
const ContactLists = page(
  () => import('./routes/app/connect/contact-lists'),
  (m) => m.ContactListsRoute,
);
const ContactList = page(
  () => import('./routes/app/connect/contact-list'),
  (m) => m.ContactListRoute,
);
const ContactRequests = page(
  () => import('./routes/app/connect/contact-requests'),
  (m) => m.ContactRequestsRoute,
);
const TagGroups = page(
  () => import('./routes/app/connect/tag-groups'),
  (m) => m.TagGroupsRoute,
);
const TagGroup = page(
  () => import('./routes/app/connect/tag-group'),
  (m) => m.TagGroupRoute,
);
const Tickets = page(
  () => import('./routes/app/platform/tickets'),
  (m) => m.TicketsRoute,
);
const Ticket = page(
  () => import('./routes/app/platform/ticket'),
  (m) => m.TicketRoute,
);
const Templates = page(
  () => import('./routes/app/templates'),
  (m) => m.TemplatesRoute,
);
const Profile = page(
  () => import('./routes/app/profile'),
  (m) => m.ProfileRoute,
);
const NotFound = page(
  () => import('./routes/app/not-found'),
  (m) => m.NotFoundRoute,
);

const noData = () => null;

type PreloadArgs = { params: Params; url: URL };
/** What a route starts ahead of rendering: its page's code, and the data its screen reads first. */
type Preload = (args: PreloadArgs) => void;

/**
 * A route's preload: its pages' code (with their texts) and, named in app/route-data.ts, the queries its
 * screen reads first, all started together, only for a signed-in owner (a signed-out visitor downloads
 * none of the console). Called by the route's loader when a navigation starts (the first load too), and
 * for a link the owner points at or focuses (`useLinkIntentPreload`).
 */
const preloading =
  (queryClient: QueryClient | undefined, pages: LazyPage[], data?: RouteDataName): Preload =>
  ({ params, url }) => {
    if (getSessionState().status !== 'signed-in') return;
    for (const p of pages) void p.preload();
    if (data && queryClient) routeData[data]({ params, url, queryClient });
  };

/**
 * Loaders run again only when the path changes: a change of a list's filters, sort or page (its search
 * params) stays a synchronous navigation, as the list's address hook expects (lib/use-list-address.ts
 * reads the address as it is now), and the screen's own query asks for the new page.
 */
const onNewPath = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname;

/** A route whose loader starts its preload and answers at once: the screen shows what has arrived. */
const preloaded = (preload: Preload) => ({
  loader: ({ params, request }: LoaderFunctionArgs) => {
    preload({ params, url: new URL(request.url) });
    return null;
  },
  shouldRevalidate: onNewPath,
  handle: { preload },
});

/** D10's routes; `queryClient` (the app's) lets the loaders start each screen's queries. */
export const createAppRoutes = (queryClient?: QueryClient): RouteObject[] => {
  const on = (pages: LazyPage[], data?: RouteDataName) => preloaded(preloading(queryClient, pages, data));
  return [
    {
      element: <RootRoute />,
      errorElement: <RootErrorBoundary />,
      // The first render waits for the entry's texts in the visitor's language (lib/texts.ts), while the
      // loaders below start the screen's code and data; a failed load shows the keys rather than nothing.
      loader: () => textsReady().then(noData, noData),
      shouldRevalidate: onNewPath,
      HydrateFallback: () => null,
      children: [
        {
          path: paths.login,
          element: (
            <RedirectIfSignedIn>
              <Login />
            </RedirectIfSignedIn>
          ),
        },
        { path: paths.resetPassword, element: <ResetPassword /> },
        // D10's public pages (/p/…) are not here: they are their own application (src/public, public.html),
        // which the server answers for every /p/ address. A link to one is a plain link, never a route change.
        {
          element: (
            <RequireAuth>
              <Console />
            </RequireAuth>
          ),
          ...on([Console], 'console'),
          children: [
            { index: true, element: <Dashboard />, ...on([Dashboard], 'dashboard') },
            {
              path: 'connect',
              element: <Connect />,
              ...on([Connect]),
              children: [
                { index: true, element: <Navigate to={paths.campaigns} replace /> },
                { path: 'campaigns', element: <Campaigns />, ...on([Campaigns]) },
                { path: 'campaigns/:id', element: <Campaign />, ...on([Campaign], 'campaign') },
                {
                  path: 'campaigns/:id/tickets/:ticketId',
                  element: <CampaignTicket />,
                  ...on([CampaignTicket]),
                },
                { path: 'tickets', element: <TicketInbox />, ...on([TicketInbox], 'inbox') },
                { path: 'contacts', element: <Contacts />, ...on([Contacts]) },
                { path: 'contacts/:id', element: <Contact />, ...on([Contact]) },
                { path: 'contact-lists', element: <ContactLists />, ...on([ContactLists]) },
                { path: 'contact-lists/:id', element: <ContactList />, ...on([ContactList]) },
                { path: 'contact-requests', element: <ContactRequests />, ...on([ContactRequests]) },
                { path: 'tag-groups', element: <TagGroups />, ...on([TagGroups]) },
                { path: 'tag-groups/:id', element: <TagGroup />, ...on([TagGroup]) },
              ],
            },
            {
              path: 'platform',
              children: [
                { index: true, element: <Navigate to={paths.tickets} replace /> },
                { path: 'tickets', element: <Tickets />, ...on([Tickets]) },
                { path: 'tickets/:id', element: <Ticket />, ...on([Ticket]) },
              ],
            },
            { path: 'templates', element: <Templates />, ...on([Templates]) },
            { path: 'profile', element: <Profile />, ...on([Profile]) },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
};

/**
 * The screens the sidebar leads to: their code is fetched when the browser is idle after the owner's
 * first interaction (not while the first screen loads: parsing them would hold up its main thread).
 */
const mainScreens: LazyPage[] = [Campaigns, TicketInbox, Contacts, Tickets];

const consoleLink = (target: EventTarget | null): URL | null => {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download'))
    return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url : null;
};

/**
 * Pointing at a link inside the console (or focusing it, or touching it) starts the preload of the
 * route it leads to, so its code and data are on their way before the click: every `<Link>` and
 * Mantine component rendered as one, in one listener.
 */
const useLinkIntentPreload = (routes: RouteObject[]) => {
  useEffect(() => {
    const seen = new Set<string>();
    const onIntent = (event: Event) => {
      const url = consoleLink(event.target);
      if (!url) return;
      const key = url.pathname + url.search;
      if (seen.has(key)) return;
      seen.add(key);
      // Pointing again later (after the data went stale) preloads again.
      setTimeout(() => seen.delete(key), 30_000);
      for (const match of matchRoutes(routes, url) ?? []) {
        const preload = (match.route.handle as { preload?: Preload } | undefined)?.preload;
        preload?.({ params: match.params, url });
      }
    };
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const e of events) document.addEventListener(e, onIntent, { passive: true });
    const cancelIdle = whenIdleAfterInteraction(() => {
      if (getSessionState().status === 'signed-in') for (const p of mainScreens) void p.preload();
    });
    return () => {
      cancelIdle();
      for (const e of events) document.removeEventListener(e, onIntent);
    };
  }, [routes]);
};

export const AppRouter = () => {
  const queryClient = useQueryClient();
  const [routes] = useState(() => createAppRoutes(queryClient));
  const [router] = useState(() => createBrowserRouter(routes));
  useLinkIntentPreload(routes);
  return <RouterProvider router={router} />;
};
