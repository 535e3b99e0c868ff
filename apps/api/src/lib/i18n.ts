import { hasMessage, type Lang, translate } from '@koperasi/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The server speaks Indonesian unless the caller prefers English: the first
 * language of Accept-Language that we have (id or en) wins; a caller asking
 * only for languages we lack (zh, ar, ...) gets English, and no header gets
 * Indonesian.
 */
export function langFromHeader(header: string | undefined): Lang {
  if (!header) return 'id';
  const tags = header
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((t) => t.tag && !Number.isNaN(t.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag === 'id' || tag.startsWith('id-') || tag === 'in') return 'id';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return tags.length && tags[0].tag !== '*' ? 'en' : 'id';
}

export function langOf(req: FastifyRequest): Lang {
  return langFromHeader(req.headers['accept-language']);
}

export function t(req: FastifyRequest | Lang, key: string, params?: Record<string, unknown>): string {
  const lang = typeof req === 'string' ? req : langOf(req);
  return translate(key, lang, params);
}

export { hasMessage, translate };
