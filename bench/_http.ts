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
  /** The non-2xx answers by status ("422": 28), so a run that was refused can be told from one that failed. */
  byStatus: Record<string, number>;
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

/** What a load generator counts: each answer's latency and status, errors and timeouts. */
class Tally {
  readonly latencies: number[] = [];
  non2xx = 0;
  readonly byStatus: Record<string, number> = {};
  errors = 0;
  timeouts = 0;

  answer(status: number, ms: number): void {
    this.latencies.push(ms);
    if (status < 200 || status >= 300) {
      this.non2xx++;
      this.byStatus[status] = (this.byStatus[status] ?? 0) + 1;
    }
  }

  result(): LoadResult {
    const latencies = this.latencies.sort((a, b) => a - b);
    const sum = latencies.reduce((a, b) => a + b, 0);
    const ms = (v: number) => Math.round(v);
    return {
      requests: latencies.length,
      non2xx: this.non2xx,
      byStatus: this.byStatus,
      errors: this.errors,
      timeouts: this.timeouts,
      latency: {
        p50: ms(percentile(latencies, 50)),
        p90: ms(percentile(latencies, 90)),
        p99: ms(percentile(latencies, 99)),
        max: ms(latencies[latencies.length - 1] ?? 0),
        mean: latencies.length ? sum / latencies.length : 0,
      },
    };
  }
}

/** Reads answers off a keep-alive socket: `answer(status)` for each complete one (up to its Content-Length). */
function answers(answer: (status: number) => void): (chunk: Buffer) => void {
  let buf: Buffer | null = null;
  return (chunk) => {
    let b: Buffer = buf ? Buffer.concat([buf, chunk]) : chunk;
    buf = b;
    for (;;) {
      const h: number = b.indexOf(HEADER_END);
      if (h < 0) return;
      const head = b.toString('latin1', 0, h);
      const m = /\r\ncontent-length: *(\d+)/i.exec(head);
      const length = m ? Number(m[1]) : 0;
      if (b.length < h + 4 + length) return;
      const status = Number(head.slice(9, 12));
      buf = b.length > h + 4 + length ? b.subarray(h + 4 + length) : null;
      answer(status);
      if (!buf) return;
      b = buf;
    }
  };
}

/**
 * Open loop: requests arrive at a fixed `rate` per second for `seconds` whatever the answers take (as tellers'
 * requests do), each sent on an idle one of up to `connections` keep-alive sockets (one request in flight on each),
 * waiting in order when none is idle. Latency counts from the request's scheduled arrival, so time spent waiting for a
 * socket or behind a slow answer is in it (no coordinated omission, as wrk2 or k6's constant-arrival-rate measure):
 * this answers "does the server sustain `rate` per second, and with what latency", where `load`'s closed loop answers
 * "how many per second at most", its latency then being the connections over the rate by construction.
 */
export function loadAtRate(opts: {
  url: string;
  rate: number;
  connections: number;
  seconds: number;
  next: () => string;
  timeoutMs?: number;
}): Promise<LoadResult & { late: number }> {
  const { hostname, port } = new URL(opts.url);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const tally = new Tally();
  const interval = 1000 / opts.rate;
  const t0 = performance.now();
  const end = t0 + opts.seconds * 1000;
  let due = t0; // the next request's scheduled arrival
  const queue: number[] = []; // arrivals waiting for an idle socket
  let queuedMax = 0;
  interface Conn {
    socket: Socket;
    arrival: number;
    timer: NodeJS.Timeout | null;
    busy: boolean;
  }
  const idle: Conn[] = [];
  let inFlight = 0;
  return new Promise((resolve) => {
    let ticker: NodeJS.Timeout | null = null;
    const maybeDone = () => {
      if (ticker || inFlight > 0 || queue.length > 0) return;
      for (const c of idle) c.socket.end();
      resolve({ ...tally.result(), late: queuedMax });
    };
    const send = (c: Conn, arrival: number) => {
      c.busy = true;
      c.arrival = arrival;
      inFlight++;
      c.timer = setTimeout(() => {
        tally.timeouts++;
        c.socket.destroy();
        done(c, false);
        open(); // a fresh socket in its place
      }, timeoutMs);
      c.socket.write(opts.next());
    };
    const dispatch = () => {
      while (queue.length && idle.length) send(idle.pop()!, queue.shift()!);
    };
    const done = (c: Conn, reusable: boolean) => {
      if (!c.busy) return;
      c.busy = false;
      inFlight--;
      if (c.timer) clearTimeout(c.timer);
      if (reusable) idle.push(c);
      dispatch();
      maybeDone();
    };
    const open = () => {
      const c: Conn = { socket: null as unknown as Socket, arrival: 0, timer: null, busy: false };
      c.socket = connect({ host: hostname, port: Number(port), noDelay: true }, () => {
        idle.push(c);
        dispatch();
      });
      c.socket.on(
        'data',
        answers((status) => {
          tally.answer(status, performance.now() - c.arrival);
          done(c, true);
        }),
      );
      c.socket.on('error', () => {
        tally.errors++;
        const i = idle.indexOf(c);
        if (i >= 0) idle.splice(i, 1);
        c.socket.destroy();
        done(c, false);
        // A fresh socket in its place while requests are still to come or waiting (else the run would never end).
        if (performance.now() < end || queue.length) setTimeout(open, 10);
      });
    };
    for (let i = 0; i < opts.connections; i++) open();
    ticker = setInterval(() => {
      const now = performance.now();
      while (due <= now && due < end) {
        queue.push(due);
        due += interval;
      }
      queuedMax = Math.max(queuedMax, queue.length);
      dispatch();
      if (due >= end) {
        clearInterval(ticker!);
        ticker = null;
        maybeDone();
      }
    }, 1);
  });
}

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
  const tally = new Tally();
  const end = performance.now() + opts.seconds * 1000;
  let open = opts.connections;
  return new Promise((resolve) => {
    const finish = () => {
      if (--open > 0) return;
      resolve(tally.result());
    };
    for (let c = 0; c < opts.connections; c++) {
      let socket: Socket;
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
          tally.timeouts++;
          socket.destroy();
          reconnect();
        }, timeoutMs);
        socket.write(opts.next());
      };
      const onAnswer = (status: number) => {
        if (timer) clearTimeout(timer);
        tally.answer(status, performance.now() - started);
        send();
      };
      const reconnect = () => {
        socket = connect({ host: hostname, port: Number(port), noDelay: true }, send);
        socket.on('data', answers(onAnswer));
        socket.on('error', () => {
          if (done) return;
          tally.errors++;
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
