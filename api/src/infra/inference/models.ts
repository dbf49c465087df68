import { readFileSync } from 'node:fs';
import {
  InferenceModelSchema,
  modelContextTokens,
  type InferenceModel,
  type OpenAiMode,
  type Permission,
} from '@fable/contracts';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { createDemoEngine } from './demoEngine';
import type { InferenceEngine } from './engine';
import { createOpenAiEngine } from './openAiEngine';

/**
 * The models the platform offers, from the JSON file named by INFERENCE_MODELS_FILE: a list of
 * {id, name, size, tokens "8K", description, tag, level, permission, hide_unauthorized, base_url, api_key_env, model}.
 * Secrets never sit in the file: `api_key_env` names the environment variable holding the engine's key.
 * Without a file the built-in demo model is the only one.
 */
export const ModelFileEntrySchema = InferenceModelSchema.extend({
  base_url: z.string().regex(/^https?:\/\//, 'base_url must be an http(s) URL'),
  api_key_env: z.string().regex(/^[A-Z_][A-Z0-9_]*$/).optional(),
  /** The engine's model name (defaults to id). */
  model: z.string().min(1).optional(),
  /** Concurrent generations the engine serves (beyond it chat waits); default INFERENCE_CAPACITY. */
  capacity: z.number().int().min(1).max(100_000).optional(),
});
export type ModelFileEntry = z.output<typeof ModelFileEntrySchema>;
export const ModelsFileSchema = z.array(ModelFileEntrySchema).min(1);

export function readModelsFile(file: string): ModelFileEntry[] {
  const text = readFileSync(file, 'utf8');
  const parsed = ModelsFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const ids = new Set<string>();
  for (const m of parsed.data) {
    if (ids.has(m.id)) throw new Error(`${file}: model id ${m.id} appears twice`);
    ids.add(m.id);
  }
  return parsed.data;
}

export const DEMO_MODEL_ID = 'demo';
/** The model id that means "my own OpenAI key" (openai_mode enabled or hybrid). */
export const OPENAI_MODEL_ID = 'openai';
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

const DEMO_MODEL: InferenceModel = InferenceModelSchema.parse({
  id: DEMO_MODEL_ID,
  name: 'Demo',
  tokens: '8K',
  description: 'A built-in demo that answers in character without a language model.',
  tag: 'Demo',
  level: 0,
});

/** A model the caller may be offered, with its engine. */
export interface OfferedModel {
  model: InferenceModel;
  demo: boolean;
  contextTokens: number;
  engine: InferenceEngine;
  /** Concurrent generations the platform's engine serves; null: not ours to ration (the member's own OpenAI key). */
  capacity: number | null;
}

/** Concurrent generations of a model that names none, when INFERENCE_CAPACITY is unset. */
export const DEFAULT_INFERENCE_CAPACITY = 32;

export interface ModelRegistryOptions {
  models?: readonly ModelFileEntry[];
  demoTokenIntervalMs: number;
  /** Capacity of a model without its own (default DEFAULT_INFERENCE_CAPACITY). */
  defaultCapacity?: number;
  /** The user's own key goes here (default the OpenAI API; tests point it at the fake engine). */
  openAiBaseUrl?: string;
  /** The OpenAI model used with the user's own key. */
  openAiUserModel?: string;
  env?: NodeJS.ProcessEnv;
}

/** Who chooses: their permissions, and for members their OpenAI key and mode. */
export interface ModelChooser {
  permissions: readonly Permission[];
  openAiMode?: OpenAiMode;
  openAiKey?: string | null;
}

export interface ModelListing {
  models: Array<InferenceModel & { available: boolean; demo: boolean }>;
  default_model: string;
}

export type ModelChoice = { ok: true; offered: OfferedModel } | { ok: false; reason: 'unknown' | 'not_allowed' };

/**
 * The platform's models and the user's own OpenAI key (document 1 §3 openai_mode):
 * - disabled: the user's key is never used;
 * - enabled: every turn goes to OpenAI ({openAiBaseUrl}, the user's key, openAiUserModel), whatever model is chosen;
 * - hybrid: the user's key when the chosen model is 'openai' (listed for them), the platform's engines otherwise.
 * Without a key saved, enabled and hybrid behave as disabled.
 */
export function createModelRegistry(options: ModelRegistryOptions) {
  const env = options.env ?? process.env;
  const entries = options.models ?? [];
  const defaultCapacity = options.defaultCapacity ?? DEFAULT_INFERENCE_CAPACITY;
  const platform: OfferedModel[] =
    entries.length === 0
      ? [{ model: DEMO_MODEL, demo: true, contextTokens: modelContextTokens(DEMO_MODEL.tokens), engine: createDemoEngine({ tokenIntervalMs: options.demoTokenIntervalMs }), capacity: defaultCapacity }]
      : entries.map((e) => ({
          model: InferenceModelSchema.parse({
            id: e.id,
            name: e.name,
            size: e.size,
            tokens: e.tokens,
            description: e.description,
            tag: e.tag,
            level: e.level,
            permission: e.permission ?? null,
            hide_unauthorized: e.hide_unauthorized,
          }),
          demo: false,
          contextTokens: modelContextTokens(e.tokens),
          engine: createOpenAiEngine({ baseUrl: e.base_url, apiKey: e.api_key_env ? env[e.api_key_env] : undefined, model: e.model ?? e.id }),
          capacity: e.capacity ?? defaultCapacity,
        }));
  const openAiBaseUrl = options.openAiBaseUrl ?? OPENAI_DEFAULT_BASE_URL;
  const openAiModelName = options.openAiUserModel ?? 'gpt-4o-mini';
  const openAiModel = InferenceModelSchema.parse({
    id: OPENAI_MODEL_ID,
    name: 'OpenAI (your key)',
    tokens: '16K',
    description: `${openAiModelName} with your own OpenAI API key`,
    tag: 'Own key',
  });

  const allowed = (m: InferenceModel, who: ModelChooser) => !m.permission || who.permissions.includes(m.permission);
  const usesOwnKey = (who: ModelChooser) => (who.openAiMode === 'enabled' || who.openAiMode === 'hybrid') && !!who.openAiKey;
  const ownKeyModel = (who: ModelChooser): OfferedModel => ({
    model: openAiModel,
    demo: false,
    contextTokens: modelContextTokens(openAiModel.tokens),
    engine: createOpenAiEngine({ baseUrl: openAiBaseUrl, apiKey: who.openAiKey ?? undefined, model: openAiModelName, sendTopK: false }),
    capacity: null,
  });

  return {
    /** GET /chat/models: hidden models left out, the rest with whether the caller may choose them. */
    list(who: ModelChooser): ModelListing {
      const models = platform
        .filter((o) => allowed(o.model, who) || !o.model.hide_unauthorized)
        .map((o) => ({ ...o.model, available: allowed(o.model, who), demo: o.demo }));
      if (usesOwnKey(who)) models.unshift({ ...openAiModel, available: true, demo: false });
      const first = who.openAiMode === 'enabled' && usesOwnKey(who) ? OPENAI_MODEL_ID : models.find((m) => m.available && m.id !== OPENAI_MODEL_ID)?.id;
      return { models, default_model: first ?? platform[0]!.model.id };
    },
    /** The model of a turn: the chosen one (or the first the caller may use), under the openai_mode rules. */
    choose(who: ModelChooser, modelId: string | undefined): ModelChoice {
      if (usesOwnKey(who) && (who.openAiMode === 'enabled' || modelId === OPENAI_MODEL_ID)) return { ok: true, offered: ownKeyModel(who) };
      if (modelId === undefined) {
        const first = platform.find((o) => allowed(o.model, who));
        return first ? { ok: true, offered: first } : { ok: false, reason: 'not_allowed' };
      }
      const found = platform.find((o) => o.model.id === modelId);
      if (!found) return { ok: false, reason: 'unknown' };
      if (!allowed(found.model, who)) return { ok: false, reason: 'not_allowed' };
      return { ok: true, offered: found };
    },
  };
}

export type ModelRegistry = ReturnType<typeof createModelRegistry>;

/**
 * The platform's models as the configuration names them (INFERENCE_MODELS_FILE, else the demo model): what chat,
 * suggestions and translations each build their registry from. The demo model writes a word every 25 ms, at once in
 * tests unless DEMO_TOKEN_INTERVAL_MS says otherwise.
 */
export function modelRegistryOf(config: Pick<AppConfig, 'inferenceModels' | 'demoTokenIntervalMs' | 'nodeEnv' | 'openAiBaseUrl' | 'openAiUserModel' | 'inferenceCapacity'>) {
  return createModelRegistry({
    models: config.inferenceModels,
    demoTokenIntervalMs: config.demoTokenIntervalMs ?? (config.nodeEnv === 'test' ? 0 : 25),
    openAiBaseUrl: config.openAiBaseUrl,
    openAiUserModel: config.openAiUserModel,
    defaultCapacity: config.inferenceCapacity,
  });
}
