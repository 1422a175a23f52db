// Handler types derived from the generated contract types, so a route's body, query, params and answer are checked.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '#api/schema.d.ts';

export type OperationId = keyof operations;

type JsonBody<T> = T extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : T extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : unknown;
type Query<T> = T extends { parameters: { query?: infer Q } } ? (undefined extends Q ? NonNullable<Q> | Record<string, never> : Q) : unknown;
type Params<T> = T extends { parameters: { path?: infer P } } ? NonNullable<P> : unknown;
type Answer<T, S extends number> = T extends { responses: { [K in S]: { content: { 'application/json': infer B } } } } ? B : never;
type SuccessBody<T> = Answer<T, 200> | Answer<T, 201> | Answer<T, 202>;

export type Request<K extends OperationId> = FastifyRequest<{
  Body: JsonBody<operations[K]>;
  Querystring: Query<operations[K]>;
  Params: Params<operations[K]>;
}>;

/** One operation's handler: returns the success body, or the reply when it streamed or sent one itself. */
export type Handler<K extends OperationId> = (
  request: Request<K>,
  reply: FastifyReply,
) => Promise<SuccessBody<operations[K]> | FastifyReply>;

export type Handlers = { [K in OperationId]?: Handler<K> };
