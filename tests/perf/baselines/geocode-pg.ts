/**
 * Baseline: the geocode query of GET /api/geocode.php (nearest city around Utrecht) through raw
 * `pg`, unnamed (parsed and planned on every call, as Prisma sends it). Own process; prints
 * `{"port":N}`. Env: DATABASE_URL (the bench database).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

const UTRECHT = { lat: 52.0907, lon: 5.1214 };
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer((_req, res) => {
  pool
    .query(
      `SELECT id, name FROM cities WHERE latitude BETWEEN $1 - 0.15 AND $1 + 0.15
         AND longitude BETWEEN $2 - 0.25 AND $2 + 0.25
       ORDER BY (latitude - $1) ^ 2 + (longitude - $2) ^ 2 LIMIT 1`,
      [UTRECHT.lat, UTRECHT.lon],
    )
    .then(
      (r) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(r.rows[0]));
      },
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
});
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => process.exit(0));
