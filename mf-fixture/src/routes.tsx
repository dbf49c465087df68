import type { RemoteRoutesModule } from '@fable/shared';
import { BrokenPage } from './BrokenPage';
import { FixturePage } from './FixturePage';

const routes: RemoteRoutesModule = {
  remote: 'mf_fixture',
  buildVersion: __APP_VERSION__,
  pages: { fixture: FixturePage, broken: BrokenPage },
};

export default routes;
