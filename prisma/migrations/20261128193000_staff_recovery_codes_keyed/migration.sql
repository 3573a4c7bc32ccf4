-- Security review 2026-11-28, L3: staff recovery codes were kept as unsalted SHA-256 hashes,
-- which a database copy (the daily backup) gives away in hours. They are now HMAC-SHA256 under a
-- key derived from STAFF_SECRET_KEY, which is not in the database. The old hashes are withdrawn
-- (copies of them sit in earlier backups): each staff member makes new codes in the console,
-- which asks for them while none are left (GET /api/staff/me, recovery_codes_left 0), with a
-- code of their authenticator app. Authenticator sign-in is unaffected.
DELETE FROM "staff_recovery_codes";
