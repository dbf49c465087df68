/* global Request, Response, Headers, AbortController, AbortSignal, ReadableStream, WritableStream, TransformStream, TextEncoder, TextDecoder, TextEncoderStream, TextDecoderStream, BroadcastChannel, structuredClone */
// The test environment of the web packages: jsdom, with Node's fetch and what goes with it (Request, Response,
// Headers, streams, AbortController), so that RTK Query and the chat stream run on a real fetch and MSW
// (shared/src/mocks) answers them as it does in the browser. jsdom keeps its own Blob, File and FormData, which
// its form and clipboard code need. Modules resolve with Node's conditions (MSW's node entry), as
// jest-fixed-jsdom does.
const JSDOMEnvironment = require('jest-environment-jsdom').default;

class WebEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    this.customExportConditions = [''];
    // A page's fetch('/api/…') is relative to the page, as in a browser; Node's needs a whole URL.
    const absolute = (input) => (typeof input === 'string' || input instanceof this.global.URL ? new URL(String(input), this.global.location.href).href : input);
    class PageRequest extends Request {
      constructor(input, init) {
        super(absolute(input), init);
      }
    }
    Object.assign(this.global, {
      fetch: (input, init) => fetch(absolute(input), init),
      Request: PageRequest,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      ReadableStream,
      WritableStream,
      TransformStream,
      TextEncoder,
      TextDecoder,
      TextEncoderStream,
      TextDecoderStream,
      BroadcastChannel,
      structuredClone,
    });
    // Web Crypto's digest (SHA-256 of an upload); jsdom's crypto has only getRandomValues and randomUUID. The test's
    // ArrayBuffers and typed arrays belong to the jsdom realm, which Node's webcrypto refuses: the bytes are copied.
    const { webcrypto } = require('node:crypto');
    const nodeBytes = (data) => Buffer.from(ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data));
    const jsdomCrypto = this.global.crypto;
    Object.defineProperty(this.global, 'crypto', {
      configurable: true,
      value: {
        getRandomValues: (array) => jsdomCrypto.getRandomValues(array),
        randomUUID: () => jsdomCrypto.randomUUID(),
        subtle: { digest: (algorithm, data) => webcrypto.subtle.digest(algorithm, nodeBytes(data)) },
      },
    });
  }
}

module.exports = WebEnvironment;
