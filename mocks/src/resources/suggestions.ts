import { suggestionCalls, SUGGEST_FIELD_MAX, type TagSuggestion } from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';
import { TAG_OPTIONS } from './appSettings';

/** What the demo model would say for a field, from the name and title (the API asks the inference adapter). */
const SUGGESTED: Record<string, (name: string, title: string) => string> = {
  name: (name) => name,
  title: (_name, title) => title,
  persona: (name, title) => `${name} is ${title.toLowerCase()}: curious, warm and quick with a joke.`,
  greeting: (name) => `*${name} looks up and smiles.* "There you are. I was hoping you would come."`,
  scenario: (name) => `{{user}} meets ${name} at the end of a long day.`,
  dialogue: (name) => `{{user}}: Who are you?\n{{char}}: ${name}. And you look like you need a friend.`,
};

/** Suggest field, suggest tags, and the member's pending tag suggestion per chatbot (one each, replaced). */
export function suggestionHandlers(db: MockDb) {
  const pending = new Map<string, TagSuggestion>();
  return [
    contractRoute(suggestionCalls.suggestField, ({ body }) => ({
      field: body.field,
      suggested_value: SUGGESTED[body.field]!(body.fields_values.name.trim(), body.fields_values.title.trim()).slice(0, SUGGEST_FIELD_MAX[body.field]),
    })),
    contractRoute(suggestionCalls.suggestTags, ({ body }) => {
      const text = `${body.name} ${body.title} ${body.greeting} ${body.persona} ${body.scenario ?? ''}`.toLowerCase();
      const chosen = new Set((body.tags ?? []).map((t) => t.toLowerCase()));
      const hits = TAG_OPTIONS.filter((tag) => !chosen.has(tag.toLowerCase()) && text.includes(tag.toLowerCase().split('-')[0]!));
      const picks = (hits.length > 0 ? hits : TAG_OPTIONS.filter((tag) => !chosen.has(tag.toLowerCase()))).slice(0, 5);
      return { suggested_tags: picks.map((label, i) => ({ label, confidence: Math.round((0.9 - i * 0.1) * 10) / 10 })) };
    }),
    contractRoute(suggestionCalls.myTagSuggestion, ({ params, userId }) =>
      db.characters.has(params.characterId) ? { suggestion: pending.get(`${userId}:${params.characterId}`) ?? null } : apiError(404, 'character_not_found', 'Chatbot not found'),
    ),
    contractRoute(suggestionCalls.sendTagSuggestion, ({ params, body, userId }) => {
      if (!db.characters.has(params.characterId)) return apiError(404, 'character_not_found', 'Chatbot not found');
      const key = `${userId}:${params.characterId}`;
      if (body.tags_to_add.length === 0 && body.tags_to_remove.length === 0) {
        pending.delete(key);
        return { suggestion: null };
      }
      const suggestion = { character_id: params.characterId, tags_to_add: body.tags_to_add, tags_to_remove: body.tags_to_remove, suggested_at: new Date().toISOString() };
      pending.set(key, suggestion);
      return { suggestion };
    }),
  ];
}
