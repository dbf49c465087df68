import type { ComponentType } from 'react';
import type { RemoteName } from '@fable/contracts';

/** What every remote exposes as `./routes`: its pages by the page ids of its remote.json. */
export interface RemoteRoutesModule {
  remote: RemoteName;
  /** The remote's build version (a deployment publishes it under a path of this name). */
  buildVersion: string;
  /** Pages the remote implements; a route whose page is missing shows the 404 page. */
  pages: Partial<Record<string, ComponentType>>;
  /** Set by the host when the remote could not be loaded or was refused: its pages show the fallback. */
  unavailable?: Error;
}
