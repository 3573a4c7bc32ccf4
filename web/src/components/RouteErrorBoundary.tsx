import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../api/client';
import { ErrorPage } from './ErrorPage';

/** The router's errorElement: a failing route load or render shows the error page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : undefined;
    return <ErrorPage status={error.status} message={error.status === 404 ? undefined : message} />;
  }
  if (error instanceof ApiError && error.status >= 400) {
    return <ErrorPage status={error.status} message={error.message || undefined} />;
  }
  console.error(error);
  return <ErrorPage status={500} />;
}
