// The mock API for Jest (msw/node) and the fixtures it is seeded with: what @fable/shared/testing hands the UI tests.
export * from './mockApi';
export * from './userFixture';
export * from './characterProfileFixture';
