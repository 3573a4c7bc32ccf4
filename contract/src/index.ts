/**
 * The contract between server and web: spec constants, the password rules, error codes and their
 * messages, the zod schemas of every request and response, and the socket.io events. The server
 * validates with these schemas and generates its OpenAPI description from them; the web takes
 * its API types from them.
 */
export * from './constants';
export * from './site-pages';
export * from './site-routes';
export * from './cookies';
export * from './password-rules';
export * from './profile-rules';
export * from './linkable-text';
export * from './phone-numbers';
export * from './scam-categories';
export * from './message-scan';
export * from './errors';
export * from './events';
export * from './i18n';
export * from './api/fields';
export * from './api/accounts';
export * from './api/notification-preferences';
export * from './api/members';
export * from './api/settings';
export * from './api/geo';
export * from './api/cities';
export * from './api/profiles';
export * from './api/photos';
export * from './api/safety';
export * from './api/likes';
export * from './api/visitors';
export * from './api/boosts';
export * from './api/staff-complaints';
export * from './api/search';
export * from './api/swipe';
export * from './api/landers';
export * from './api/chats';
export * from './api/push';
export * from './api/data-export';
export * from './legal-versions';
export * from './api/consents';
export * from './payment-methods';
export * from './money';
export * from './api/payments';
export * from './api/staff';
export * from './api/staff-figures';
export * from './api/staff-traffic';
export * from './api/staff-accounts';
export * from './api/staff-members';
export * from './api/staff-partners';
export * from './api/staff-operators';
export * from './api/staff-personas';
export * from './api/staff-settings';
export * from './api/staff-catalogue';
export * from './api/staff-campaigns';
export * from './api/staff-moderation';
export * from './api/staff-scams';
export * from './api/staff-inspection';
export * from './api/verification';
export * from './api/statements';
export * from './api/staff-bookkeeping';
export * from './api/staff-jobs';
