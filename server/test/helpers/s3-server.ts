import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible object store in the test process (path-style PUT, GET, DELETE of
 * objects, S3's XML error for a missing key), so the real AWS SDK client of S3FileStorage is
 * exercised end to end without an S3 service. It keeps objects in memory and records requests.
 */
export async function startS3Server() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string; authorized: boolean }[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  /** The AWS SDK may send a PUT body as aws-chunked; this takes the payload back out. */
  const unchunk = (req: IncomingMessage, body: Buffer): Buffer => {
    if (!String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) return body;
    const parts: Buffer[] = [];
    let offset = 0;
    while (offset < body.length) {
      const lineEnd = body.indexOf('\r\n', offset);
      const size = parseInt(body.subarray(offset, lineEnd).toString().split(';')[0], 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
    return Buffer.concat(parts);
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname);
      requests.push({
        method: req.method ?? '',
        path,
        authorized: String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256'),
      });
      const body = await read(req);
      if (req.method === 'PUT') {
        objects.set(path, {
          body: unchunk(req, body),
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        });
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === 'GET') {
        const found = objects.get(path);
        if (!found) {
          res
            .writeHead(404, { 'Content-Type': 'application/xml' })
            .end(
              '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code>' +
                '<Message>The specified key does not exist.</Message></Error>',
            );
          return;
        }
        res
          .writeHead(200, {
            'Content-Type': found.contentType,
            'Content-Length': String(found.body.length),
          })
          .end(found.body);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
