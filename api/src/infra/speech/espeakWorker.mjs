/* global WebAssembly */
// eSpeak NG (WebAssembly, the espeak-ng package) in a worker thread: synthesis never blocks the API's event loop.
// The package is eSpeak's command line compiled to WASM: one instance runs one command and exits. Instantiating one
// takes about 200 ms, so the next instance is made while the current one speaks, and waits (instantiated, not yet
// started) for its command. Requests are spoken one at a time, in order.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

const require = createRequire(import.meta.url);
const wasm = await WebAssembly.compile(readFileSync(require.resolve('espeak-ng/dist/espeak-ng.wasm')));
const quiet = () => {};

/** An instance made ahead: `run(args)` starts it with those arguments and resolves once the command has run. */
function prepare() {
  const args = [];
  let start;
  const started = new Promise((resolve) => (start = resolve));
  const ran = ESpeakNg({
    arguments: args,
    print: quiet,
    printErr: quiet,
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(wasm, imports).then(async (instance) => {
        await started;
        receive(instance);
      });
      return {};
    },
  });
  return {
    run(commandArgs) {
      args.push(...commandArgs);
      start();
      return ran;
    },
  };
}

let next = prepare();
let queue = Promise.resolve();

async function speak({ text, voice, rate, pitch }) {
  const current = next;
  next = prepare();
  const espeak = await current.run(['-w', '/speech.wav', '-v', voice, '-s', String(rate), '-p', String(pitch), '--', text]);
  return espeak.FS.readFile('/speech.wav');
}

parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    try {
      const wav = await speak(request);
      parentPort.postMessage({ id: request.id, wav }, [wav.buffer]);
    } catch (err) {
      parentPort.postMessage({ id: request.id, error: String(err?.message ?? err) });
    }
  });
});
parentPort.postMessage({ id: 0, ready: true });
