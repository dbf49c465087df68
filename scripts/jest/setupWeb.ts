import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { mockServer } from '@fable/mocks/node';

// The mock API (MSW, mocks/src/testing/mockApi.ts) answers every test's requests; one a test did not expect fails it.
beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

// A dropdown's menu and a modal's dialog load on the page's first open (shared/src/ui/Dropdown, Modal): loaded ahead
// here, so that a test's menu or dialog opens within its click, as on a page where one has been opened before.
// Dropdown.test.tsx and Modal.test.tsx test the first open. (Required, not imported: this file is type-checked
// without JSX.)
const dropdown = jest.requireActual<{ loadDropdownMenu(): Promise<unknown> }>('../../shared/src/ui/Dropdown/Dropdown');
const modal = jest.requireActual<{ loadModalDialog(): Promise<unknown> }>('../../shared/src/ui/Modal/Modal');
beforeAll(() => Promise.all([dropdown.loadDropdownMenu(), modal.loadModalDialog()]));

// Tests run in a random order: none may find the tokens, guest id or settings another test stored.
const jsdomWindow = globalThis as unknown as Record<'localStorage' | 'sessionStorage', { clear(): void }>;
beforeEach(() => {
  jsdomWindow.localStorage.clear();
  jsdomWindow.sessionStorage.clear();
});

// findBy / waitFor give up after 10 s rather than 1 s: on CI's two busy cores a debounced call and its answer can take
// several seconds, which is slowness, not failure (a passing wait returns as soon as it holds).
configure({ asyncUtilTimeout: 10_000 });
