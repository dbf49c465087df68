import type { FastifyInstance } from 'fastify';

/** How much of a refused body the API reads and drops before it closes the connection after all. */
export const REFUSED_BODY_DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * A refusal sent before the request's body was read (413 on its Content-Length, a body too large once counted) keeps
 * the connection and reads the rest of the body, dropping it, up to REFUSED_BODY_DRAIN_LIMIT. Fastify closes the
 * connection at once instead; the client, still sending, then meets a reset that can discard the refusal before it is
 * read, and sees a failed connection (the site's /api proxy answered 502) instead of the 413 and its message.
 */
export function registerLingeringClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const incoming = request.raw;
    if (reply.statusCode < 400 || incoming.complete) return payload;
    reply.removeHeader('connection');
    let drained = 0;
    incoming.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > REFUSED_BODY_DRAIN_LIMIT) incoming.socket.destroy();
    });
    incoming.resume();
    return payload;
  });
}
