// Cheap password hashing in tests (production uses 12 rounds); set before any module loads.
process.env.BCRYPT_COST = '4';
// The proof-of-work challenge solved in milliseconds (helpers/challenge.ts solves it for real).
process.env.ALTCHA_MAX_NUMBER ??= '20';
process.env.ALTCHA_COST ??= '1';
// Abuse limits high enough for files that sign many visitors up from one address;
// rate-limits.e2e-spec.ts sets its own low ones.
process.env.RATE_LIMIT_SIGNUPS_PER_IP_HOUR ??= '10000';
process.env.RATE_LIMIT_RESETS_PER_IP_HOUR ??= '10000';
process.env.RATE_LIMIT_MAIL_CHANGES_PER_DAY ??= '10000';
process.env.RATE_LIMIT_VISITOR_PROFILES_PER_IP_HOUR ??= '10000';
process.env.RATE_LIMIT_LIKES_PER_MINUTE ??= '10000';
process.env.RATE_LIMIT_LIKES_PER_DAY ??= '10000';
// complaints.e2e-spec.ts sets its own low ones
process.env.RATE_LIMIT_COMPLAINTS_PER_HOUR ??= '10000';
process.env.RATE_LIMIT_VISITOR_COMPLAINTS_PER_IP_HOUR ??= '10000';
// metrics servers on any free port: test files run side by side (observability.e2e-spec.ts reads
// the port each one took)
process.env.METRICS_PORT ??= '0';
process.env.WORKER_METRICS_PORT ??= '0';
