/**
 * The benchmarks' load generators (bench/_http.ts), against a plain HTTP server that answers after a fixed delay:
 * the closed loop's latency is the server's time, the open loop's counts from each request's scheduled arrival, so
 * a server slower than the arrival rate shows its backlog (docs/loans.md "Performance": the target measured at a
 * fixed rate).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, loadAtRate, rawRequest } from '../../../bench/_http.ts';

const DELAY_MS = 20;
let server: Server;
let url = '';
let served = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        served++;
        const body = JSON.stringify({ status: true });
        res.writeHead(req.url === '/fail' ? 422 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      }, DELAY_MS),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const request = (path: string) => () => rawRequest(new URL(url).host, 'POST', path, {}, '{"a":1}');

describe('bench load generators', () => {
  it('the open loop keeps the rate and, with room to spare, measures the server time', async () => {
    const before = served;
    const r = await loadAtRate({ url, rate: 100, connections: 8, seconds: 1, next: request('/ok') });
    expect(r.requests).toBeGreaterThanOrEqual(98);
    expect(r.requests).toBeLessThanOrEqual(101);
    expect(served - before).toBe(r.requests);
    expect(r.non2xx + r.errors + r.timeouts).toBe(0);
    expect(r.latency.p50).toBeGreaterThanOrEqual(DELAY_MS - 1);
    expect(r.latency.p50).toBeLessThan(DELAY_MS + 60); // no backlog (a busy CI machine may delay a few timers)
  });

  it('the open loop counts the backlog when the server is slower than the arrivals', async () => {
    // One connection answers at most 1000 / 20 = 50 a second; 100 arrive each second: the last waits about a second.
    const r = await loadAtRate({ url, rate: 100, connections: 1, seconds: 1, next: request('/ok') });
    expect(r.requests).toBeGreaterThanOrEqual(98);
    expect(r.late).toBeGreaterThan(20);
    expect(r.latency.max).toBeGreaterThan(700);
    expect(r.latency.p50).toBeGreaterThan(200);
  });

  it('the closed loop sends as fast as answers come and counts non-2xx answers, by status', async () => {
    const r = await load({ url, connections: 2, seconds: 0.5, next: request('/fail') });
    // 2 connections × 500 ms / 20 ms: about 50, each a 422.
    expect(r.requests).toBeGreaterThan(30);
    expect(r.requests).toBeLessThanOrEqual(52);
    expect(r.non2xx).toBe(r.requests);
    expect(r.byStatus).toEqual({ 422: r.requests });
    expect(r.latency.p50).toBeLessThan(DELAY_MS + 60);
  });
});
