import { accountOf } from '../http/context';
import { notFound } from '../http/errors';
import { raw } from '../http/reply';
import type { RouteDef } from '../http/router';
import type { Services } from '../services';
import { FILES_PATH } from './files';

/** Serves produced media to the account that produced it; ids are content hashes, so caching is safe. */
export function fileRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'GET',
      pattern: `${FILES_PATH}/:id`,
      auth: 'required',
      handler: (ctx) => {
        const id = ctx.params.id ?? '';
        const file = s.files.get(accountOf(ctx), id);
        if (!file) throw notFound(`file ${id} does not exist`);
        const etag = `"${id.split('.')[0]}"`;
        const headers = { etag, 'cache-control': 'private, max-age=31536000, immutable' };
        if (ctx.header('if-none-match') === etag) return raw(304, Buffer.alloc(0), file.mimeType, headers);
        return raw(200, file.data, file.mimeType, headers);
      },
    },
  ];
}
