// Per-address rate limits, off by default: the contract's routes turn them on per operation (x-rate-limit). With
// REDIS_URL every process and server counts together (docs/decisions/026-several-servers.md).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

export const rateLimits = fp(
  async (app: FastifyInstance, options: { redis: Redis | undefined; redisPrefix: string }) => {
    const { redis } = options;
    await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${options.redisPrefix}ip:`, skipOnError: true } : {}) });
  },
  { name: 'rate-limits' },
);
