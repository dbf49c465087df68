import '@testing-library/jest-dom';
import { mockServer } from '../../shared/src/testing/mockApi';

// The mock API (MSW, shared/src/testing/mockApi.ts) answers every test's requests; one a test did not expect fails it.
beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
