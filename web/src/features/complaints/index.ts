/**
 * The complaints feature's public API: what the shell and other features may use. Nothing yet;
 * the report buttons link to /complaints, and the router loads the page through pages/index.ts.
 */
export {};
