import { config } from 'zod/mini';

// The pages' CSP allows no eval. zod compiles object parsers with `new Function` where it may, and its probe for
// that is reported as a CSP violation even though zod catches the refusal: tell every zod on the page (the setting
// is global, the remotes' copies read it too) not to try. Must run before any schema is built.
config({ jitless: true });
