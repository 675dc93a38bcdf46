import { afterEach, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { bindFreePort, E2E_HOST, missingBuildOutputs, waitForHealthy } from './server-process';

let server: Server | undefined;

afterEach(async () => {
  if (server?.listening) {
    server.close();
    await once(server, 'close');
  }
  server = undefined;
});

/** An HTTP server answering 503 for the first `unhealthyAnswers` requests, then 200. */
async function flakyHealthServer(unhealthyAnswers: number): Promise<string> {
  let seen = 0;
  server = createServer((_request, response) => {
    seen += 1;
    response.statusCode = seen > unhealthyAnswers ? 200 : 503;
    response.end();
  });
  server.listen(0, E2E_HOST);
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://${E2E_HOST}:${address.port}/api/health`;
}

describe('bindFreePort', () => {
  it('keeps the port bound, so no one else can take it, until its descriptor is handed over', async () => {
    const bound = await bindFreePort();
    expect(bound.port).toBeGreaterThan(0);
    expect(bound.fd).toBeGreaterThan(2);
    server = createServer();
    server.listen(bound.port, E2E_HOST);
    const [error] = (await once(server, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('EADDRINUSE');
    bound.close();
  });
});

describe('waitForHealthy', () => {
  it('waits through non-200 answers until 200', async () => {
    const url = await flakyHealthServer(2);
    await expect(waitForHealthy(url, { timeoutMs: 5_000, intervalMs: 10 })).resolves.toBeUndefined();
  });

  it('gives up after the timeout with the last problem', async () => {
    const url = await flakyHealthServer(Number.POSITIVE_INFINITY);
    await expect(waitForHealthy(url, { timeoutMs: 200, intervalMs: 10 })).rejects.toThrow(/did not answer 200 within 200 ms \(last: HTTP 503\)/);
  });

  it('fails at once when the process exits first, with its description', async () => {
    // Port 1: nothing listens there, so every poll is refused at once.
    const url = `http://${E2E_HOST}:1/api/health`;
    await expect(
      waitForHealthy(url, { timeoutMs: 5_000, intervalMs: 10, exited: Promise.resolve(), describeExit: () => 'server crashed: boom' }),
    ).rejects.toThrow('server crashed: boom');
  });
});

describe('missingBuildOutputs', () => {
  it('lists the build outputs absent from a folder', () => {
    expect(missingBuildOutputs('/nonexistent-e2e-root')).toEqual(['dist/apps/server/main.js', 'dist/apps/web/index.html']);
  });
});
