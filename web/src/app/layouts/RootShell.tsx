import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { useSettingsQuery } from '../../api/settings';
import { useMemberLanguage } from '../../api/user';
import { RouterProgressBar } from '../../components/ProgressBar';
import { ShellError, ShellLoading } from '../../components/ShellState';
import { LikePopup } from '../../features/likes';
import { usePageBounceLogging } from '../page-bounce';
import { useTrafficBounce } from '../traffic-beacons';
import { useAttentionBadges } from './nav-counts';
import { OfflinePage, UpdatePrompt, useOnline, useWorkerMessages } from '../pwa';

/**
 * Above every layout: the progress bar, the wait for the site settings, page-bounce logging
 * (`?lb`), the like popup (`?t=<seconds>`), and the count of unread messages plus new likes in the
 * page title and on the installed app's icon. Also the service worker's side: its messages
 * (pushes, notification clicks), the update prompt, and the offline page when the app started
 * without a network (from the service worker's cache) cannot load the site.
 */
export function RootShell() {
  const settings = useSettingsQuery();
  const { search, pathname } = useLocation();
  const online = useOnline();
  usePageBounceLogging(search);
  useTrafficBounce(pathname);
  useAttentionBadges();
  useMemberLanguage();
  useWorkerMessages();
  const { isError, refetch } = settings;
  // back online: load what could not be loaded
  useEffect(() => {
    if (online && isError) void refetch();
  }, [online, isError, refetch]);
  const unreachable =
    !online || (settings.error instanceof ApiError && settings.error.code === 'network_error');
  return (
    <>
      <RouterProgressBar />
      {settings.isPending && online ? (
        <ShellLoading />
      ) : settings.isPending || (settings.isError && unreachable) ? (
        <OfflinePage onRetry={() => void settings.refetch()} />
      ) : settings.isError ? (
        <ShellError onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <Outlet />
          <LikePopup />
        </>
      )}
      <UpdatePrompt />
      <ScrollRestoration />
    </>
  );
}
