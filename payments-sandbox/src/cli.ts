// `npm start -w payments-sandbox` (and scripts/startSite.ts): the sandbox from the environment (README.md).
import { configFromEnv } from './config';
import { startPaymentsSandbox } from './server';

startPaymentsSandbox(configFromEnv(process.env))
  .then((sandbox) => {
    console.log(`[payments-sandbox] listening at ${sandbox.url}`);
    const stop = () => void sandbox.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((error: Error) => {
    console.error(`[payments-sandbox] ${error.message}`);
    process.exit(1);
  });
