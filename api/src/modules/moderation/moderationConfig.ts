import type { ContentClassifier } from './contentClassifier';
import { DEFAULT_MODERATION_MODEL, createOpenAiModerationClassifier, withFallback } from './openAiModerationClassifier';
import { createRuleBasedClassifier } from './ruleBasedClassifier';
import { envValue } from '../../infra/envValue';

/**
 * An OpenAI-compatible moderation endpoint for the automatic checks: MODERATION_URL (its API base, e.g.
 * https://api.openai.com/v1), MODERATION_API_KEY, MODERATION_MODEL (default omni-moderation-latest). Unset: the
 * embedded rules.
 */
export interface ModerationEndpointConfig {
  url: string;
  apiKey?: string;
  model: string;
}


/** Reads the MODERATION_* variables; problems are reported by name, like every other setting. */
export function readModerationEndpoint(env: NodeJS.ProcessEnv): { endpoint?: ModerationEndpointConfig; problems: string[] } {
  const url = envValue(env.MODERATION_URL);
  const apiKey = envValue(env.MODERATION_API_KEY);
  const model = envValue(env.MODERATION_MODEL);
  if (url === undefined) {
    const stray = [apiKey && 'MODERATION_API_KEY', model && 'MODERATION_MODEL'].filter(Boolean);
    return { problems: stray.map((name) => `${name}: set without MODERATION_URL`) };
  }
  if (!/^https?:\/\/[^\s]+$/.test(url)) return { problems: ['MODERATION_URL: must start with http:// or https://'] };
  return { endpoint: { url, apiKey, model: model ?? DEFAULT_MODERATION_MODEL }, problems: [] };
}

/** The classifier the checks use: the endpoint (falling back to the rules while it fails) or the rules. */
export function openContentClassifier(
  endpoint: ModerationEndpointConfig | undefined,
  onError: (err: unknown) => void,
  fetchImpl?: typeof fetch,
): ContentClassifier {
  const rules = createRuleBasedClassifier();
  if (!endpoint) return rules;
  const remote = createOpenAiModerationClassifier({ baseUrl: endpoint.url, apiKey: endpoint.apiKey, model: endpoint.model, fetch: fetchImpl });
  return withFallback(remote, rules, onError);
}
