import styled from '@emotion/styled';
import type { NegativeKeyword } from '@fable/contracts';
import { api, APP_SETTINGS_PATH } from '@fable/shared';
import { negativeKeywordIn, withAlternative } from './negativeKeywords';

export const NEGATIVE_KEYWORD_TEXTS = {
  flagged: (keyword: string) => `“${keyword}” is not something we search for.`,
  tryInstead: 'Try instead:',
} as const;

const isNegativeKeyword = (item: unknown): item is NegativeKeyword => {
  const k = item as Partial<NegativeKeyword> | null;
  return !!k && typeof k.keyword === 'string' && Array.isArray(k.alternatives) && k.alternatives.every((a) => typeof a === 'string');
};

/** The application's negative keywords (app settings), asked only once someone searches. */
const negativeKeywordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    discovery_negativeKeywords: build.query<NegativeKeyword[], void>({
      query: () => ({ url: APP_SETTINGS_PATH, method: 'GET' }),
      transformResponse: (raw: { negativeKeywords?: unknown } | undefined) => (Array.isArray(raw?.negativeKeywords) ? raw.negativeKeywords.filter(isNegativeKeyword) : []),
      providesTags: ['AppSettings'],
    }),
  }),
});

const Hint = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 8px;
  margin: 0 0 12px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  button {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    padding: 2px 12px;
    font: inherit;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

/** Flags a search that uses a negative keyword, offering its alternatives as searches of their own. */
export default function NegativeKeywordHint({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const { data } = negativeKeywordsApi.useDiscovery_negativeKeywordsQuery();
  const hit = negativeKeywordIn(query, data ?? []);
  if (!hit) return null;
  return (
    <Hint role="status">
      <span>{NEGATIVE_KEYWORD_TEXTS.flagged(hit.keyword)}</span>
      <span>{NEGATIVE_KEYWORD_TEXTS.tryInstead}</span>
      {hit.alternatives.map((alternative) => (
        <button key={alternative} type="button" onClick={() => onSearch(withAlternative(query, hit.keyword, alternative))}>
          {alternative}
        </button>
      ))}
    </Hint>
  );
}
