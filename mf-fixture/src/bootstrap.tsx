import { startStandalone } from '@fable/shared';
import manifest from '../remote.json';
import routes from './routes';

// This remote alone, against the real API: the one standalone bootstrap of @fable/shared.
startStandalone(manifest, routes);
