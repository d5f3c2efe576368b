import { guardRedirect, guardStateFromSession } from '@common/guards';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { queryClient } from './api/queryClient';
import { loadSession } from './api/session';
import { FullPageSpinner } from './components/FullPageSpinner';
import { RootLayout } from './components/RootLayout';
import { RouteError } from './components/RouteError';

/**
 * The redirect guard for /sign-in, /sign-up, /onboarding, /connect-facebook and /app/*. It runs on
 * every navigation with the (cached) session and applies the same rule the server applies on page
 * loads. A session that cannot be loaded is not a redirect: the app shell shows the problem instead.
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  let session: Awaited<ReturnType<typeof loadSession>>;
  try {
    session = await loadSession(queryClient);
  } catch {
    return null;
  }
  const target = guardRedirect(pathname, guardStateFromSession(session));
  if (target && target !== pathname) throw redirect(target);
  return null;
}

const toSignIn = () => redirect('/sign-in');

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./scenes/Landing/Landing')).Landing }) },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('./scenes/Privacy/Privacy')).Privacy }),
      },
      { path: 'signin', loader: toSignIn },
      { path: 'login', loader: toSignIn },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('./scenes/ForgotPassword/ForgotPassword')).ForgotPassword,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('./scenes/ResetPassword/ResetPassword')).ResetPassword,
        }),
      },
      {
        path: 'auth/callback',
        lazy: async () => ({ Component: (await import('./scenes/AuthCallback/AuthCallback')).AuthCallback }),
      },
      {
        path: 'join',
        lazy: async () => ({ Component: (await import('./scenes/Join/Join')).Join }),
      },
      {
        path: 'dev/outbox',
        lazy: async () => ({ Component: (await import('./scenes/DevOutbox/DevOutbox')).DevOutbox }),
      },
      {
        path: 'sandbox',
        lazy: async () => ({ Component: (await import('./scenes/Sandbox/Sandbox')).Sandbox }),
      },
      {
        id: 'guarded',
        loader: guardLoader,
        // Child navigations (e.g. /sign-in → /sign-up) must re-run the guard too.
        shouldRevalidate: () => true,
        HydrateFallback: FullPageSpinner,
        children: [
          {
            path: 'sign-in',
            lazy: async () => ({ Component: (await import('./scenes/SignIn/SignIn')).SignIn }),
          },
          {
            path: 'sign-up',
            lazy: async () => ({ Component: (await import('./scenes/SignUp/SignUp')).SignUp }),
          },
          {
            path: 'onboarding',
            lazy: async () => ({ Component: (await import('./scenes/Onboarding/Onboarding')).Onboarding }),
          },
          {
            path: 'connect-facebook',
            lazy: async () => ({
              Component: (await import('./scenes/ConnectFacebook/ConnectFacebook')).ConnectFacebook,
            }),
          },
          {
            path: 'app',
            lazy: async () => ({ Component: (await import('./scenes/AppLayout/AppLayout')).AppLayout }),
            children: [
              { index: true, loader: () => redirect('/app/chats') },
              {
                path: 'chats',
                lazy: async () => ({ Component: (await import('./scenes/Chats/Chats')).Chats }),
              },
              {
                path: 'marketing',
                lazy: async () => ({ Component: (await import('./scenes/Marketing/Marketing')).Marketing }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('./scenes/Marketing/Templates')).Templates,
                    }),
                  },
                  {
                    path: 'campaigns',
                    lazy: async () => ({
                      Component: (await import('./scenes/Marketing/Campaigns/CampaignList')).CampaignList,
                    }),
                  },
                  {
                    path: 'campaigns/new',
                    lazy: async () => ({
                      Component: (await import('./scenes/Marketing/Campaigns/editor/NewCampaign'))
                        .NewCampaign,
                    }),
                  },
                  {
                    path: 'campaigns/:campaignId',
                    lazy: async () => ({
                      Component: (await import('./scenes/Marketing/Campaigns/CampaignPage')).CampaignPage,
                    }),
                  },
                  {
                    path: 'sequences',
                    lazy: async () => ({
                      Component: (await import('./scenes/Marketing/SequenceBuilder')).SequenceBuilder,
                    }),
                  },
                  {
                    path: 'bots',
                    lazy: async () => ({
                      Component: (await import('./scenes/Marketing/AiBots/AiBots')).AiBots,
                    }),
                  },
                ],
              },
              {
                path: 'sales',
                lazy: async () => ({ Component: (await import('./scenes/Sales/Sales')).Sales }),
              },
              {
                path: 'contacts',
                lazy: async () => ({ Component: (await import('./scenes/Contacts/Contacts')).Contacts }),
              },
              {
                path: 'contacts/import',
                lazy: async () => ({
                  Component: (await import('./scenes/Contacts/import/ContactImportPage')).ContactImportPage,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({ Component: (await import('./scenes/Settings/Settings')).Settings }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('./scenes/Settings/ProfileSettings')).ProfileSettings,
                    }),
                  },
                  {
                    path: 'team',
                    lazy: async () => ({
                      Component: (await import('./scenes/Settings/TeamSettings')).TeamSettings,
                    }),
                  },
                  {
                    path: 'saved-messages',
                    lazy: async () => ({
                      Component: (await import('./scenes/Settings/SavedMessagesSettings'))
                        .SavedMessagesSettings,
                    }),
                  },
                  {
                    path: 'contact-fields',
                    lazy: async () => ({
                      Component: (await import('./scenes/Settings/ContactFields/ContactFieldsSettings'))
                        .ContactFieldsSettings,
                    }),
                  },
                  {
                    path: 'consent-keywords',
                    lazy: async () => ({
                      Component: (await import('./scenes/Settings/ConsentKeywords/ConsentKeywordsSettings'))
                        .ConsentKeywordsSettings,
                    }),
                  },
                  {
                    path: 'ai',
                    lazy: async () => ({
                      Component: (await import('./scenes/Settings/Ai/AiSettings')).AiSettings,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./scenes/NotFound/NotFound')).NotFound }) },
    ],
  },
];

export const router = createBrowserRouter(routes);
