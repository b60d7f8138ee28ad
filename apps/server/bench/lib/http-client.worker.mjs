// The benchmark's HTTP client, in a worker thread so that making requests does not take
// event-loop time from the server under test (which runs on the main thread). Plain
// JavaScript: tsx's loader does not reach worker threads on Node 20.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, warmup, requests, concurrency } = workerData;
const target = new URL(url);
// Keep-alive, one socket per concurrent loop: what a browser or a load balancer holds open.
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

const once = () =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          const body = Buffer.concat(chunks);
          if (res.statusCode !== 200) {
            reject(new Error(`GET ${url} answered ${res.statusCode}: ${body.toString().slice(0, 200)}`));
          } else resolve({ ms, bytes: body.length });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });

/** `n` requests from `concurrency` loops, each sending its next request when the last answered. */
const phase = async (n) => {
  const latencies = new Float64Array(n);
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  const loop = async () => {
    for (let i = next++; i < n; i = next++) {
      const r = await once();
      latencies[i] = r.ms;
      bytes = r.bytes;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { latencies, wallMs: performance.now() - started, bytes };
};

try {
  await phase(warmup);
  const { latencies, wallMs, bytes } = await phase(requests);
  parentPort.postMessage({ latencies, wallMs, bytes }, [latencies.buffer]);
} catch (err) {
  parentPort.postMessage({ error: String(err?.message ?? err) });
} finally {
  agent.destroy();
}
