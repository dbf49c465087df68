import type { FastifyReply } from 'fastify';
import type { Metrics } from '../../infra/metrics/metrics';

export type ChatMetrics = Pick<Metrics, 'chatStreamsOpen' | 'chatFirstToken' | 'chatTokensPerSecond' | 'chatTurns' | 'queueWait'>;

export type ChatStreamOutcome = 'done' | 'failed' | 'left';

/**
 * One chat answer's stream as the metrics see it, from its opening: open streams, the time from the call's arrival
 * to the first token, the reply's tokens per second, and how the turn ended. `end` counts once, whatever calls it.
 */
export function watchChatStream(metrics: ChatMetrics, reply: FastifyReply) {
  metrics.chatStreamsOpen.inc();
  let tokens = 0;
  let firstAt = 0;
  let lastAt = 0;
  let ended = false;
  return {
    token(): void {
      lastAt = performance.now();
      if (tokens === 0) {
        firstAt = lastAt;
        metrics.chatFirstToken.observe(reply.elapsedTime / 1000);
      }
      tokens += 1;
    },
    end(outcome: ChatStreamOutcome): void {
      if (ended) return;
      ended = true;
      metrics.chatStreamsOpen.dec();
      metrics.chatTurns.inc({ outcome });
      if (tokens >= 2 && lastAt > firstAt) metrics.chatTokensPerSecond.observe((tokens - 1) / ((lastAt - firstAt) / 1000));
    },
  };
}
