// The request id: on every log line of a request (pino's reqId) and every answer (X-Request-Id). A client's own
// X-Request-Id is taken only from a proxy the operator trusts (TRUST_PROXY), so an outsider cannot write ids into the logs.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may pass on: short, and letters, digits and `-_.:` only (a UUID, a trace id), never a log injection. */
const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/** Whether an address is one of TRUST_PROXY's (addresses or CIDR ranges, checked by loadConfig). */
export function trustedPeers(trustProxy: string[]): (address: string | undefined) => boolean {
  if (trustProxy.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (!address) return false;
    // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d.
    const v4 = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : undefined;
    return v4 !== undefined ? list.check(v4, 'ipv4') : list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  };
}

/** Fastify's genReqId: the trusted proxy's X-Request-Id when it sent a usable one, else a new UUID. */
export function requestIdGenerator(trustProxy: string[]): (request: IncomingMessage) => string {
  const trusted = trustedPeers(trustProxy);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && acceptable.test(given) && trusted(request.socket?.remoteAddress)) return given;
    return randomUUID();
  };
}

/** Sends the id back on every answer, errors and not-found pages included (a hook on the root, before any route). */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
