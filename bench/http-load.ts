/**
 * The benches' HTTP load generator: `connections` keep-alive HTTP/1.1 connections over loopback,
 * each sending one request (POST with a body, or GET), waiting for its answer, sending the next, until the window ends (the
 * closed loop pgbench's clients run too). It runs in worker threads, as remote clients would, so
 * the server's event loop serves requests only, and on raw sockets like wrk: fetch (undici) spent
 * ~2.7 ms of CPU per request here, which the server would lose on 2 cores.
 * Every request's latency (send to last byte of the answer) is recorded, for percentiles.
 * A body may contain REQUEST_ID, replaced by a fresh UUID in every request.
 */
import { Worker } from 'node:worker_threads';

export const REQUEST_ID = '__REQUEST_ID__';

const LOAD_WORKER = `
const net = require('node:net');
const { randomUUID } = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { url, bodies, seconds, headers, method } = workerData;
const { hostname, port, pathname } = new URL(url);
const latencies = [];
function connect() {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    socket.setNoDelay(true);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}
function client(socket, template, deadline) {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      if (performance.now() >= deadline) {
        socket.end();
        return resolve();
      }
      const body = template.includes('${REQUEST_ID}') ? template.split('${REQUEST_ID}').join(randomUUID()) : template;
      sentAt = performance.now();
      if (method === 'GET') socket.write('GET ' + pathname + ' HTTP/1.1\\r\\nhost: ' + hostname + '\\r\\n' + headers + body + '\\r\\n');
      else socket.write('POST ' + pathname + ' HTTP/1.1\\r\\nhost: ' + hostname + '\\r\\n' + headers + 'content-type: application/json\\r\\ncontent-length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n' + body);
    };
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      const headEnd = buffer.indexOf('\\r\\n\\r\\n');
      if (headEnd < 0) return;
      const head = buffer.subarray(0, headEnd).toString();
      const length = /content-length: *(\\d+)/i.exec(head);
      if (!length) return reject(new Error('POST ' + pathname + ': an answer without content-length: ' + head.split('\\r\\n')[0]));
      const end = headEnd + 4 + Number(length[1]);
      if (buffer.length < end) return;
      const responseBody = buffer.subarray(headEnd + 4, end).toString();
      buffer = buffer.subarray(end);
      if (!head.startsWith('HTTP/1.1 200')) return reject(new Error('POST ' + pathname + ': ' + head.split('\\r\\n')[0] + ' ' + responseBody));
      latencies.push(performance.now() - sentAt);
      send();
    });
    send();
  });
}
(async () => {
  const sockets = await Promise.all(bodies.map(connect));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(sockets.map((s, i) => client(s, bodies[i], deadline)));
  parentPort.postMessage({ count: latencies.length, seconds: (performance.now() - started) / 1000, latencies: Float64Array.from(latencies) });
})(); // a failure rejects unhandled: the worker exits with it and loadThread rejects
`;

export interface Window {
  /** Completed requests (or operations) in the window. */
  count: number;
  /** Measured duration, the requests in flight at the deadline included. */
  seconds: number;
  /** Latency of each request, milliseconds. */
  latencies: Float64Array;
}

function loadThread(url: string, bodies: string[], seconds: number, headers: Record<string, string>, method: 'GET' | 'POST'): Promise<Window> {
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { url, bodies, seconds, headers: head, method } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

/**
 * One window of load: one connection per body (bodies[i] is connection i's request), spread over
 * `threads` worker threads. The rate is all requests over the longest thread's duration.
 * With method GET, bodies[i] is connection i's extra header lines (e.g. its own authorization).
 */
export async function httpWindow(
  url: string,
  bodies: string[],
  seconds: number,
  threads: number,
  headers: Record<string, string> = {},
  method: 'GET' | 'POST' = 'POST',
): Promise<Window> {
  const slices = Array.from({ length: Math.min(threads, bodies.length) }, (_, t) => bodies.filter((_, i) => i % threads === t));
  const parts = await Promise.all(slices.map((slice) => loadThread(url, slice, seconds, headers, method)));
  const latencies = new Float64Array(parts.reduce((n, p) => n + p.latencies.length, 0));
  let offset = 0;
  for (const p of parts) {
    latencies.set(p.latencies, offset);
    offset += p.latencies.length;
  }
  return { count: latencies.length, seconds: Math.max(...parts.map((p) => p.seconds)), latencies };
}

/** Several windows as one measurement: total count over total time, latencies pooled. */
export function pool(windows: Window[]): { rate: number; p50: number; p99: number; count: number } {
  const count = windows.reduce((n, w) => n + w.count, 0);
  const seconds = windows.reduce((n, w) => n + w.seconds, 0);
  const all = new Float64Array(count);
  let offset = 0;
  for (const w of windows) {
    all.set(w.latencies, offset);
    offset += w.latencies.length;
  }
  return { rate: count / seconds, p50: percentile(all, 0.5), p99: percentile(all, 0.99), count };
}

/** The q-quantile (nearest rank) of latencies in ms; NaN when there are none. */
export function percentile(values: Float64Array, q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** A database URL fit for printing: the password, if any, replaced. */
export function printableUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
