/**
 * Import before the first `app.inject` in a Jest test. Fastify's inject (light-my-request 6.8) requires
 * `cookie` 2, which is ESM-only: plain Node 20.19+ loads it through require(esm), Jest's module runtime
 * cannot (before Node 24.9). cookie 1.1 is the same API (stringifySetCookie) as CommonJS.
 */
jest.mock('cookie', () => jest.requireActual('cookie-cjs'));

export {};
