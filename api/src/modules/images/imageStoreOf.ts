import { IN_MEMORY } from '../../config';
import type { ApiDeps } from '../../http/apiPlugin';
import type { ObjectStore } from '../../infra/storage/objectStore';
import { openImageStore } from '../../infra/storage/openObjectStore';

/**
 * The image store for a module other than this one (card import and export keep cards' embedded files in it and
 * read avatars from it; saves check the files a chatbot references): the store the app opened and passes as
 * `imageStore`, shared by every module, or, for routes registered on their own, one opened from the config and
 * closed with them (with DATA_DIR=:memory: such a store is the module's alone).
 */
export function imageStoreOf(
  app: { addHook(name: 'onClose', hook: () => Promise<void>): unknown },
  deps: Pick<ApiDeps, 'config'> & { imageStore?: ObjectStore },
): ObjectStore {
  if (deps.imageStore) return deps.imageStore;
  const store = openImageStore(deps.config.imageStorage, deps.config.dataDir, IN_MEMORY);
  app.addHook('onClose', async () => store.close());
  return store;
}
