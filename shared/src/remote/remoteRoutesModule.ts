import type { ComponentType } from 'react';
import type { RemoteName } from '@fable/contracts';

/** What every remote exposes as `./routes`: its pages by the page ids of its contract. */
export interface RemoteRoutesModule {
  remote: RemoteName;
  /** The contract version the remote was built against (its @fable/contracts CONTRACT_VERSION). */
  contractVersion: string;
  /** The remote's build version (a deployment publishes it under a path of this name). */
  buildVersion: string;
  /** Pages the remote implements; a contract route whose page is missing shows the 404 page. */
  pages: Partial<Record<string, ComponentType>>;
}
