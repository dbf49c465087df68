import net, { type AddressInfo } from 'node:net';

/** A free TCP port on 127.0.0.1 (asked of the system, then let go). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
