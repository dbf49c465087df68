import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * The site server's traces, exported over OTLP when OpenTelemetry's `OTEL_EXPORTER_OTLP_ENDPOINT` (or `…_TRACES_ENDPOINT`)
 * is set, as the API's are (api/src/tracing.ts): each request's span, and the /api proxy's call (undici) carrying
 * the trace on to the API in `traceparent`, so that one trace runs from the site through the API to the database and
 * the model. Imported first by main.ts, before the modules it patches load.
 */
function startSiteTracing(env: NodeJS.ProcessEnv): (() => Promise<void>) | null {
  if (!env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT && !env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'fable-site' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  const instrumentations = [new HttpInstrumentation(), new FastifyOtelInstrumentation({ registerOnInitialization: true }), new UndiciInstrumentation()];
  registerInstrumentations({ tracerProvider: provider, instrumentations });
  return () => provider.shutdown();
}

export const stopSiteTracing = startSiteTracing(process.env);
