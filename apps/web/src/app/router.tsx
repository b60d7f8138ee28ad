import { useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { lazyPage as page } from './lazy-page';
import { RedirectIfSignedIn, RequireAuth } from './routes/guards';
import { RootRoute } from './routes/root';
import { RootErrorBoundary } from './routes/root-error-boundary';

/**
 * Route modules are loaded on demand (one chunk each) with React.lazy rather than the router's
 * `lazy`: the guards above render first, so a signed-out visitor never downloads the console
 * and /login loads only the entry and its own small chunk. A chunk that fails to load inside the
 * console is caught by the console's page error boundary, which keeps the shell and can retry.
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

/** D10's routes. */
export const createAppRoutes = (): RouteObject[] => [
  {
    element: <RootRoute />,
    errorElement: <RootErrorBoundary />,
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
        children: [
          { index: true, element: <Dashboard /> },
          {
            path: 'connect',
            element: <Connect />,
            children: [
              { index: true, element: <Navigate to={paths.campaigns} replace /> },
              { path: 'campaigns', element: <Campaigns /> },
              { path: 'campaigns/:id', element: <Campaign /> },
              { path: 'campaigns/:id/tickets/:ticketId', element: <CampaignTicket /> },
              { path: 'tickets', element: <TicketInbox /> },
              { path: 'contacts', element: <Contacts /> },
              { path: 'contacts/:id', element: <Contact /> },
              { path: 'contact-lists', element: <ContactLists /> },
              { path: 'contact-lists/:id', element: <ContactList /> },
              { path: 'contact-requests', element: <ContactRequests /> },
              { path: 'tag-groups', element: <TagGroups /> },
              { path: 'tag-groups/:id', element: <TagGroup /> },
            ],
          },
          {
            path: 'platform',
            children: [
              { index: true, element: <Navigate to={paths.tickets} replace /> },
              { path: 'tickets', element: <Tickets /> },
              { path: 'tickets/:id', element: <Ticket /> },
            ],
          },
          { path: 'templates', element: <Templates /> },
          { path: 'profile', element: <Profile /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const AppRouter = () => {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
};
