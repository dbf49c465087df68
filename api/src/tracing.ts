import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** Whether the environment names an OTLP endpoint for traces (OpenTelemetry's own variables). */
export const tracesConfigured = (env: NodeJS.ProcessEnv) => Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);

/**
 * OpenTelemetry traces of the API, exported over OTLP (HTTP) when `OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set; nothing is loaded or recorded otherwise. A request's span continues
 * the caller's trace (the site server's, through `traceparent`), with spans of Fastify's hooks and handler, each
 * PostgreSQL statement (pg), Redis command (ioredis) and outgoing fetch (undici: the model, the speech and image
 * engines, payments). Started by main.ts before anything else is loaded: the instrumentations patch those modules as
 * they load. Gives the flush to run at shutdown.
 */
export function startTracing(env: NodeJS.ProcessEnv): (() => Promise<void>) | null {
  if (!tracesConfigured(env)) return null;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'fable-api' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  return () => provider.shutdown();
}

/** Started as this module loads: main.ts imports it first. */
export const stopTracing = startTracing(process.env);
