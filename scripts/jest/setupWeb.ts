import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router reads them at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no fetch; unit tests never reach the network, and RTK Query only needs fetch to exist.
if (!globalThis.fetch) {
  globalThis.fetch = () => Promise.reject(new Error('unit tests have no network'));
}
