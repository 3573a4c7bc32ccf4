/**
 * The decisions feature's public API: its pages load through pages/index.ts (the router):
 * /decisions ("Beslissingen": statements of reasons and appeals; /decisions/access?token= for a
 * banned member's mail link) and /report (the DSA art. 16 notice form, visitors too).
 */
export {};
