/** The password rules live in one module shared with the server, which enforces them. */
export * from '../../../server/src/common/password-rules';
