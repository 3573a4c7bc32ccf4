/** Infrastructure: JSON logs (pino) with a request id carried into jobs and socket events. */
export {
  createRootLogger,
  currentRequestId,
  nestLogger,
  rootLogger,
  withLogContext,
  type LogOptions,
  type ProcessName,
} from './logger';
export { httpLogging, loggableUrl, routeOf } from './http';
export { REQUEST_ID_HEADER, requestIdFrom } from './request-id';
export { flushErrorReports, reportError, startErrorTracking } from './error-tracking';
