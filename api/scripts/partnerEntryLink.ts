// PARTNER_SECRET=<the application's secret> npx tsx api/scripts/partnerEntryLink.ts --site http://partner.localhost:3000 \
//   --application storynest --id sn-42 --name "Nest User" --username nest_user [--minutes 5]
// Prints the arrival link of a partner's user (README "Partner users' entry"): what a partner's backend makes, here for
// trying a partner host locally. The signing is src/modules/auth/partnerEntryToken.ts (typechecked and tested with the API).
import { parseArgs } from 'node:util';
import { partnerEntryUrl } from '../src/modules/auth/partnerEntryToken';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    application: { type: 'string' },
    id: { type: 'string' },
    name: { type: 'string' },
    username: { type: 'string' },
    minutes: { type: 'string', default: '5' },
  },
});
const secret = process.env.PARTNER_SECRET;
const { site, application, id, name, username } = values;
if (!secret || !site || !application || !id || !name || !username) {
  process.stderr.write('PARTNER_SECRET (environment), --site, --application, --id, --name and --username are required\n');
  process.exit(1);
}
const expiresAt = new Date(Date.now() + Number(values.minutes) * 60_000);
process.stdout.write(`${partnerEntryUrl(site, secret, { applicationId: application, id, name, username }, expiresAt)}\n`);
