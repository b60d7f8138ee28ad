import http from 'node:http';

export type Probe = { status: number; headers: http.IncomingHttpHeaders; bytes: number };

/**
 * One GET as sent, its status, headers and body size as they came over the wire (not decoded: node's
 * http client never decompresses), to show what a load run measured.
 */
export const probe = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Probe>((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
