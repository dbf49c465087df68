import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { mockServer } from '@fable/mocks/node';

// The mock API (MSW, mocks/src/testing/mockApi.ts) answers every test's requests; one a test did not expect fails it.
beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

// Tests run in a random order: none may find the tokens, guest id or settings another test stored.
const jsdomWindow = globalThis as unknown as Record<'localStorage' | 'sessionStorage', { clear(): void }>;
beforeEach(() => {
  jsdomWindow.localStorage.clear();
  jsdomWindow.sessionStorage.clear();
});

// findBy / waitFor give up after 10 s rather than 1 s: on CI's two busy cores a debounced call and its answer can take
// several seconds, which is slowness, not failure (a passing wait returns as soon as it holds).
configure({ asyncUtilTimeout: 10_000 });
