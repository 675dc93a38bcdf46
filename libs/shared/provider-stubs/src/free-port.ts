import { createServer, type AddressInfo } from 'node:net';

/**
 * A free loopback port, for a server whose address must be configuration before it listens (a
 * provider calls it back there: Daraja's callback URL).
 */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
