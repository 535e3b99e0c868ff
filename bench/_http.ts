/**
 * A lean HTTP/1.1 load generator for benchmarks whose server shares the
 * machine (and the process) with it: `connections` keep-alive sockets, one
 * request in flight on each (no pipelining), each request built by the
 * caller as the raw request text (`rawRequest`), the answer read up to its
 * Content-Length. Latency from the write to the last byte of the answer.
 *
 * Why not autocannon: with a fresh body and Idempotency-Key on every request
 * it rebuilds each request through its request builder and parses every
 * answer with a JavaScript HTTP parser (http-parser-js), several per cent of
 * the one Node process's CPU that the API also needs. What goes over the wire
 * is the same: real requests, real tokens, one at a time per connection.
 */
import { connect, type Socket } from 'node:net';
import { percentile } from './_pg.ts';

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
}

/** The raw text of a request with a JSON body (Host, Content-Type and Content-Length added). */
export function rawRequest(host: string, method: string, path: string, headers: Record<string, string>, body: string): string {
  let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
  for (const k in headers) head += `${k}: ${headers[k]}\r\n`;
  return `${head}\r\n${body}`;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Runs `connections` sockets for `seconds`, each sending `next()` as soon as the previous answer arrived. */
export function load(opts: {
  url: string;
  connections: number;
  seconds: number;
  next: () => string;
  timeoutMs?: number;
}): Promise<LoadResult> {
  const { hostname, port } = new URL(opts.url);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  const end = performance.now() + opts.seconds * 1000;
  let open = opts.connections;
  return new Promise((resolve) => {
    const finish = () => {
      if (--open > 0) return;
      latencies.sort((a, b) => a - b);
      const sum = latencies.reduce((a, b) => a + b, 0);
      const ms = (v: number) => Math.round(v);
      resolve({
        requests: latencies.length,
        non2xx,
        errors,
        timeouts,
        latency: {
          p50: ms(percentile(latencies, 50)),
          p90: ms(percentile(latencies, 90)),
          p99: ms(percentile(latencies, 99)),
          max: ms(latencies[latencies.length - 1] ?? 0),
          mean: latencies.length ? sum / latencies.length : 0,
        },
      });
    };
    for (let c = 0; c < opts.connections; c++) {
      let socket: Socket;
      let buf: Buffer | null = null;
      let started = 0;
      let timer: NodeJS.Timeout | null = null;
      let done = false;
      const stop = () => {
        if (done) return;
        done = true;
        finish();
      };
      const send = () => {
        if (performance.now() >= end) {
          socket.end();
          stop();
          return;
        }
        started = performance.now();
        timer = setTimeout(() => {
          timeouts++;
          socket.destroy();
          reconnect();
        }, timeoutMs);
        socket.write(opts.next());
      };
      const onData = (chunk: Buffer) => {
        buf = buf ? Buffer.concat([buf, chunk]) : chunk;
        const h = buf.indexOf(HEADER_END);
        if (h < 0) return;
        const head = buf.toString('latin1', 0, h);
        const m = /\r\ncontent-length: *(\d+)/i.exec(head);
        const length = m ? Number(m[1]) : 0;
        if (buf.length < h + 4 + length) return;
        const status = Number(head.slice(9, 12));
        buf = buf.length > h + 4 + length ? buf.subarray(h + 4 + length) : null;
        if (timer) clearTimeout(timer);
        latencies.push(performance.now() - started);
        if (status < 200 || status >= 300) non2xx++;
        send();
      };
      const reconnect = () => {
        buf = null;
        socket = connect({ host: hostname, port: Number(port), noDelay: true }, send);
        socket.on('data', onData);
        socket.on('error', () => {
          if (done) return;
          errors++;
          if (timer) clearTimeout(timer);
          socket.destroy();
          if (performance.now() < end) setTimeout(reconnect, 10);
          else stop();
        });
      };
      reconnect();
    }
  });
}
