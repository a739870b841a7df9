import type { HandlerMap } from '../../../../shared/contract';
import { loadSource, type LoadDeps } from './load-source';
import { parseOpenApi } from './parse-document';
import { proposeProfile } from './propose';

/** Read a document, parse it with the OpenAPI library and propose a profile; nothing is stored. */
export function openApiHandlers(deps: LoadDeps): Pick<HandlerMap, 'profile.proposeFromOpenApi'> {
  return {
    'profile.proposeFromOpenApi': async ({ source }) => {
      const loaded = await loadSource(source, deps);
      const doc = await parseOpenApi(loaded.text, loaded.label);
      return proposeProfile(doc, loaded.url);
    },
  };
}
