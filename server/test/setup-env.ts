// Cheap password hashing in tests (production uses 12 rounds); set before any module loads.
process.env.BCRYPT_COST = '4';
