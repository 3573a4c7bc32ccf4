/**
 * The profile feature's public API: what the shell and other features may use. Nothing yet; the
 * router loads its page (/profile, the member's own profile editor) through pages/index.ts.
 */
export {};
