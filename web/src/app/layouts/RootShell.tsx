import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSettingsQuery } from '../../api/settings';
import { RouterProgressBar } from '../../components/ProgressBar';
import { ShellError, ShellLoading } from '../../components/ShellState';
import { LikePopup } from '../../features/likes';
import { usePageBounceLogging } from '../page-bounce';
import { useAttentionBadges } from './nav-counts';

/**
 * Above every layout: the progress bar, the wait for the site settings, page-bounce logging
 * (`?lb`), the like popup (`?t=<seconds>`), and the count of unread messages plus new likes in the
 * page title and on the installed app's icon.
 */
export function RootShell() {
  const settings = useSettingsQuery();
  const { search } = useLocation();
  usePageBounceLogging(search);
  useAttentionBadges();
  return (
    <>
      <RouterProgressBar />
      {settings.isPending ? (
        <ShellLoading />
      ) : settings.isError ? (
        <ShellError onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <Outlet />
          <LikePopup />
        </>
      )}
      <ScrollRestoration />
    </>
  );
}
