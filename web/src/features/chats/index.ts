/**
 * The chats feature's public API: what the shell and other features may use. Nothing yet; the
 * router loads its pages through pages/index.ts.
 */
export {};
