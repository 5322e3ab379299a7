import type { ListPage } from '@meshdeck/contracts';
import type { ResponseParser } from '@/lib/api-client.ts';

/**
 * Checks a list page's shape and validates its first row with the contract schema: a contract drift still
 * fails loudly, while 10,000 rows are not re-validated one by one on the main thread (the server already
 * serialised them through the same schema).
 */
export function listPageParser<T>(item: ResponseParser<T>): ResponseParser<ListPage<T>> {
  return {
    parse: (data: unknown) => {
      const page = data as Partial<ListPage<unknown>> | null;
      if (!page || typeof page.total !== 'number' || !Array.isArray(page.items))
        throw new Error('not a list page');
      if (page.items.length > 0) item.parse(page.items[0]);
      return page as ListPage<T>;
    },
  };
}
