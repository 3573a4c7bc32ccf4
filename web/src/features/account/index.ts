/**
 * The account feature's public API: what the shell and other features may use. Nothing yet; the
 * router loads its pages (the account settings, deleting the account, the language) through
 * pages/index.ts.
 */
export {};
