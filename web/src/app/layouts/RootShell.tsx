import { Outlet, ScrollRestoration } from 'react-router';
import { useSettingsQuery } from '../../api/settings';
import { RouterProgressBar } from '../../components/ProgressBar';
import { ShellError, ShellLoading } from '../../components/ShellState';

/** Above every layout: the progress bar, and the wait for the site settings. */
export function RootShell() {
  const settings = useSettingsQuery();
  return (
    <>
      <RouterProgressBar />
      {settings.isPending ? (
        <ShellLoading />
      ) : settings.isError ? (
        <ShellError onRetry={() => void settings.refetch()} />
      ) : (
        <Outlet />
      )}
      <ScrollRestoration />
    </>
  );
}
