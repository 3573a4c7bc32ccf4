import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, redirectDocument, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { BANNED_PATH, setAuthFailureHandler } from '../api/client';
import { userQueryKey, userQueryOptions } from '../api/user';
import { ErrorPage } from '../components/ErrorPage';
import { afterLoginPath, isServerPath } from '../components/return-path';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { ShellLoading } from '../components/ShellState';
import { lazyPage } from './chunk-reload';
import { RootShell } from './layouts/RootShell';
import { DefaultLayout } from './layouts/DefaultLayout';
import { LanderLayout } from './layouts/LanderLayout';
import { LANDERS, STATIC_PAGES, isTokenPage } from '@app/contract';
import { EmptyLayout } from './layouts/EmptyLayout';
// the staff console: its list of routes here, its shell and pages in chunks of their own
import { ADMIN_ROUTES, loadAdminShell, type AdminRoute } from '../admin/app/routes';

/** A loader's answer for a member who is logged in already: to where the login was for. */
function redirectAfterLogin(redirectTo: string | null): Response {
  const path = afterLoginPath(redirectTo);
  return isServerPath(path) ? redirectDocument(path) : redirect(path);
}

const auth = () => import('../features/auth/pages');
const members = () => import('../features/members/pages');
const chats = () => import('../features/chats/pages');
const likes = () => import('../features/likes/pages');
const visitors = () => import('../features/visitors/pages');
const favourites = () => import('../features/favourites/pages');
const boost = () => import('../features/boost/pages');
const credits = () => import('../features/credits/pages');
const account = () => import('../features/account/pages');
const profile = () => import('../features/profile/pages');
const verification = () => import('../features/verification/pages');
const complaints = () => import('../features/complaints/pages');
const decisions = () => import('../features/decisions/pages');
const statics = () => import('../features/static-pages/pages');
const home = () => import('../features/home/pages');
const lander = () => import('../features/landers/pages');
const swipe = () => import('../features/swipe/pages');
const notificationPreferences = () => import('../features/notification-preferences/pages');

/**
 * /signup: the auth feature's signup page, which on a desktop opens its modal over the home
 * page. The router puts the two together, so that neither feature imports the other.
 */
async function signupOverHome() {
  const [{ SignupPage }, { HomePage }] = await Promise.all([auth(), home()]);
  return function SignupOverHome() {
    return <SignupPage behind={<HomePage />} />;
  };
}

function page<M>(
  id: string,
  path: string | undefined,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  extra: Partial<RouteObject> = {},
): RouteObject {
  return { id, path, lazy: lazyPage(load, pick), ...extra } as RouteObject;
}

/** A route of the console's list (admin/app/areas.ts): a page loaded lazily, or a redirect. */
function adminRoute(route: AdminRoute): RouteObject {
  if ('redirectTo' in route) {
    return { id: route.id, path: route.path, loader: () => redirect(route.redirectTo) };
  }
  const lazy = lazyPage(route.load, (Component) => Component);
  return route.path === ''
    ? { id: route.id, index: true, lazy }
    : { id: route.id, path: route.path, lazy };
}

/**
 * The routes of SPEC point 2. Route ids are the spec's route names where it gives them.
 * `queryClient` serves the redirect rules, which need the current user.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  /** Logged-in members who open /, /login or /signup go to /members. */
  const membersGoToMembers = async () => {
    const data = await queryClient.ensureQueryData(userQueryOptions()).catch(() => null);
    if (data?.user) throw redirect('/members');
    return null;
  };
  /**
   * A logged-in member who opens /login (a mailed link's login, with another tab logged in) goes
   * where that login was for, else to /members.
   */
  const membersGoBack = async ({ request }: { request: Request }) => {
    const data = await queryClient.ensureQueryData(userQueryOptions()).catch(() => null);
    if (data?.user) throw redirectAfterLogin(new URL(request.url).searchParams.get('redirect'));
    return null;
  };
  /** Member-only pages send a visitor to the login page, which returns them here afterwards. */
  const visitorsGoToLogin = async ({ request }: { request: Request }) => {
    const data = await queryClient.ensureQueryData(userQueryOptions()).catch(() => null);
    if (!data?.user) {
      const url = new URL(request.url);
      throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
    }
    return null;
  };
  const membersOnly = { loader: visitorsGoToLogin };
  /** /members/{id}/signup is for visitors; a member sees the profile itself. */
  const membersGoToProfile = async ({ params }: { params: { id?: string } }) => {
    const data = await queryClient.ensureQueryData(userQueryOptions()).catch(() => null);
    if (data?.user) throw redirect(`/members/${params.id ?? ''}`);
    return null;
  };

  return [
    {
      id: 'root',
      element: <RootShell />,
      hydrateFallbackElement: <ShellLoading />,
      errorElement: <RouteErrorBoundary />,
      children: [
        {
          id: 'layout-default',
          element: <DefaultLayout />,
          errorElement: <RouteErrorBoundary />,
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [
                page('index', '/', home, (m) => m.HomePage, { loader: membersGoToMembers }),
                page('login', '/login', auth, (m) => m.LoginPage, { loader: membersGoBack }),
                // the end of an outside sign-in round trip (SPEC point 2, Redirects)
                { id: 'callback', path: '/callback', loader: () => redirect('/login') },
                page('signup', '/signup', signupOverHome, (Page) => Page, {
                  loader: membersGoToMembers,
                }),
                page('complete-signup', '/complete-signup', auth, (m) => m.CompleteSignupPage),
                page('reset-password', '/reset-password', auth, (m) => m.ResetPasswordPage),
                page('reset-password-do', '/reset-password/do', auth, (m) => m.ResetPasswordDoPage),
                page('mail-change-do', '/mail-change/do', auth, (m) => m.MailChangeDoPage),
                page(
                  'mail-change-cancel',
                  '/mail-change/cancel',
                  auth,
                  (m) => m.MailChangeCancelPage,
                ),
                page('activate-done', '/activate/done', auth, (m) => m.ActivateDonePage),
                page('activate-error', '/activate/error', auth, (m) => m.ActivateErrorPage),
                page('account-deleted', '/account-deleted', account, (m) => m.AccountDeletedPage),

                page('members', '/members', members, (m) => m.MembersPage),
                page('members-id', '/members/:id', members, (m) => m.MemberPage),
                page(
                  'members-id-signup',
                  '/members/:id/signup',
                  members,
                  (m) => m.MemberSignupPage,
                  { loader: membersGoToProfile },
                ),
                // the member's profile page, reached from the likes pages
                page('likes-m-id', '/likes/m/:id', members, (m) => m.MemberPage, membersOnly),
                page('likes', '/likes', likes, (m) => m.LikesPage, membersOnly),
                page('likes-type', '/likes/:type', likes, (m) => m.LikesTypePage, membersOnly),
                page('visitors', '/visitors', visitors, (m) => m.VisitorsPage, membersOnly),
                page('favourites', '/favourites', favourites, (m) => m.FavouritesPage, membersOnly),
                page('boost', '/boost', boost, (m) => m.BoostPage, membersOnly),
                page('match-finder', '/match-finder', members, (m) => m.MatchFinderPage),
                page('swipe-game', '/swipe-game', swipe, (m) => m.SwipeGamePage, membersOnly),

                page('profile', '/profile', profile, (m) => m.ProfilePage, membersOnly),
                page(
                  'profile-verify',
                  '/profile/verify',
                  verification,
                  (m) => m.VerificationPage,
                  membersOnly,
                ),
                page(
                  'notifications',
                  '/notifications',
                  notificationPreferences,
                  (m) => m.NotificationPreferencesPage,
                  membersOnly,
                ),
                page('account', '/account', account, (m) => m.AccountSettingsPage, membersOnly),
                page(
                  'account-delete',
                  '/account/delete',
                  account,
                  (m) => m.DeleteAccountPage,
                  membersOnly,
                ),
                // visitors choose too (the locale cookie); a member's choice is also saved to the account
                page('lang-config', '/lang-config', account, (m) => m.LanguagePage),
                page('complaints', '/complaints', complaints, (m) => m.ComplaintsPage),
                // statements of reasons; /decisions/access: a banned member's mail link
                page('decisions', '/decisions', decisions, (m) => m.DecisionsPage),
                page('decisions-access', '/decisions/access', decisions, (m) => m.DecisionsPage),
                // the notice form (DSA art. 16): visitors too
                page('report', '/report', decisions, (m) => m.ReportPage),

                page('premium', '/premium', credits, (m) => m.PremiumPage),
                page('pricing', '/pricing', credits, (m) => m.PricingPage),
                page('credits', '/credits', credits, (m) => m.CreditsPage, membersOnly),
                page(
                  'credits-repeat-order',
                  '/credits/repeat-order',
                  credits,
                  (m) => m.CreditsRepeatOrderPage,
                  membersOnly,
                ),
                page(
                  'credits-id-paymentmethod',
                  '/credits/:id/:paymentmethod?',
                  credits,
                  (m) => m.CreditsPayPage,
                  membersOnly,
                ),
                page('directdebit', '/directdebit', credits, (m) => m.DirectDebitPage, membersOnly),
                page(
                  'transactions',
                  '/transactions/:id?',
                  credits,
                  (m) => m.TransactionsPage,
                  membersOnly,
                ),

                page('pages-terms', '/terms', statics, (m) => m.TermsPage),
                page('pages-privacy', '/privacy', statics, (m) => m.PrivacyPage),
                page('pages-cookies', '/cookies', statics, (m) => m.CookiesPage),
                page('pages-ban', '/ban', statics, (m) => m.BanPage),
                page('pages-return-policy', '/return-policy', statics, (m) => m.ReturnPolicyPage),
                page('pages-faq', '/faq', statics, (m) => m.FaqPage),
                page('pages-service', '/service', statics, (m) => m.ServicePage),
                {
                  // older links of the form /pages/<name>
                  id: 'pages-legacy',
                  path: '/pages/:name',
                  loader: ({ params }) => {
                    if (params.name && params.name in STATIC_PAGES) {
                      return redirect(`/${params.name}`);
                    }
                    throw new Response('', { status: 404 });
                  },
                },
                page('pages-token', '/:token', statics, (m) => m.TokenPage, {
                  // only the listed token pages (contract TOKEN_PAGES); any other path is a 404
                  loader: ({ params }: { params: { token?: string } }) => {
                    if (!params.token || !isTokenPage(params.token)) {
                      throw new Response('', { status: 404 });
                    }
                    return null;
                  },
                }),
                { id: 'not-found', path: '*', element: <ErrorPage status={404} /> },
              ],
            },
          ],
        },
        {
          id: 'layout-chat',
          // members' chat pages only: the layout (conversation list) loads with them
          lazy: lazyPage(
            () => import('./layouts/ChatLayout'),
            (m) => m.ChatLayout,
          ),
          errorElement: <RouteErrorBoundary />,
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [
                page('chats', '/chats', chats, (m) => m.ChatsPage, membersOnly),
                // one page for both: a conversation begun on /members/{id}/chat moves to its
                // own URL without being loaded again
                page('chats-id', '/chats/:id', chats, (m) => m.ConversationPage, membersOnly),
                page('members-id-chat', '/members/:id/chat', chats, (m) => m.ConversationPage),
              ],
            },
          ],
        },
        {
          id: 'layout-lander',
          element: <LanderLayout />,
          errorElement: <RouteErrorBoundary />,
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              children: [
                ...LANDERS.map((name) =>
                  page(`landers-${name}`, `/landers/${name}/:slug?`, lander, (m) => m.LanderPage),
                ),
                page('members-id-landing', '/members/:id/landing', lander, (m) => m.LanderPage),
                page(
                  'members-id-landing2',
                  '/members/:id/landing2/:slug?',
                  lander,
                  (m) => m.LanderPage,
                ),
                page(
                  'members-id-landing3',
                  '/members/:id/landing3/:slug?',
                  lander,
                  (m) => m.LanderPage,
                ),
              ],
            },
          ],
        },
        {
          id: 'layout-empty',
          element: <EmptyLayout />,
          errorElement: <RouteErrorBoundary />,
          children: [
            page(
              'signup-matches',
              '/signup-matches',
              auth,
              (m) => m.SignupMatchesPage,
              membersOnly,
            ),
          ],
        },
      ],
    },
    {
      // the staff console (/admin): its own shell, sign-in, texts and session
      id: 'admin',
      path: '/admin',
      lazy: lazyPage(loadAdminShell, (AdminShell) => AdminShell),
      hydrateFallbackElement: <ShellLoading />,
      errorElement: <RouteErrorBoundary />,
      children: ADMIN_ROUTES.map(adminRoute),
    },
  ];
}

/** The browser router, with the logout rule for a session that turned out to be gone. */
export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(createRoutes(queryClient));
  setAuthFailureHandler((reason) => {
    queryClient.setQueryData(userQueryKey, { user: null });
    if (reason === 'banned') {
      void router.navigate(BANNED_PATH, { replace: true });
      return;
    }
    const { pathname, search } = router.state.location;
    void router.navigate(
      pathname === '/login' ? '/login' : `/login?redirect=${encodeURIComponent(pathname + search)}`,
    );
  });
  return router;
}
