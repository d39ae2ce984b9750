import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const compress: Record<Encoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json) =>
    promisify(brotliCompress)(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json) => promisify(gzip)(json, { level: 6 }),
};

/**
 * A JSON answer read by many (an exercise's progress, DECISIONS 185 and 189): serialized once, and
 * compressed once per encoding on the first request that accepts it, instead of per request as
 * @fastify/compress does. The reply carries its Content-Encoding, which that plugin then leaves
 * alone; the encoding is negotiated as it negotiates (@fastify/accept-negotiator).
 */
export class EncodedAnswer {
  readonly #encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly json: Buffer) {}

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? (negotiate(accepted, [...ENCODINGS]) as Encoding | null) : null;
    if (!encoding) return reply.send(this.json);
    let body = this.#encoded.get(encoding);
    if (!body) {
      body = compress[encoding](this.json);
      this.#encoded.set(encoding, body);
    }
    return reply.header('content-encoding', encoding).send(await body);
  }
}
