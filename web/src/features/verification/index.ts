/**
 * The verification feature's public API: nothing yet; the router loads its page
 * (/profile/verify, "Verifieer je profiel") through pages/index.ts.
 */
export {};
