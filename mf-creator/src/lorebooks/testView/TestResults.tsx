import styled from '@emotion/styled';
import { useEffect, useRef } from 'react';
import type { LorebookEntry, LorebookTestResult } from '@fable/contracts';
import { TEST_VIEW_TEXTS as T } from './testViewTexts';
import { matchedText, notMatched } from './testViewValues';

const Results = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  .hint {
    margin: 2px 0 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .meter {
    height: 8px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.border};
    overflow: hidden;
  }
  .meter > span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
  ol,
  ul {
    list-style: none;
    margin: 8px 0 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 2px 12px;
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-left-width: 4px;
    background: ${({ theme }) => theme.colors.surface};
    min-width: 0;
  }
  li.used {
    border-left-color: ${({ theme }) => theme.colors.success};
  }
  li.left-out {
    border-left-color: ${({ theme }) => theme.colors.warning};
  }
  .name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .tokens {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  .why {
    grid-column: 1 / -1;
    margin: 0;
    font-size: 0.9rem;
    overflow-wrap: anywhere;
  }
  .why.muted {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .empty {
    margin: 8px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** What the lore engine did with the messages: the budget used, the entries used (prompt order), left out (engine order), not matched. */
export function TestResults({ result, entries }: { result: LorebookTestResult; entries: readonly LorebookEntry[] }) {
  const unmatched = notMatched(entries, result);
  const ref = useRef<HTMLElement>(null);
  // A new answer is shown where the eye is: the results sit under the form, below the fold of a small screen.
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }), [result]);
  const share = result.budget_tokens > 0 ? Math.min(100, (result.used_tokens / result.budget_tokens) * 100) : 0;
  return (
    <Results ref={ref} aria-labelledby="lore-test-results" data-testid="lore-test-results">
      <div>
        <h3 id="lore-test-results">{T.results}</h3>
        <p className="hint" role="status">
          {T.used(result.used_tokens, result.budget_tokens)}
        </p>
        <div className="meter" aria-hidden="true">
          <span style={{ width: `${share}%` }} />
        </div>
      </div>
      <div>
        <h3 id="lore-test-used">{T.activated(result.activated.length)}</h3>
        <p className="hint">{T.activatedHint}</p>
        {result.activated.length === 0 ? (
          <p className="empty">{T.noneActivated}</p>
        ) : (
          <ol aria-labelledby="lore-test-used">
            {result.activated.map((a) => (
              <li key={a.entry_id} className="used">
                <span className="name">{a.name}</span>
                <span className="tokens">{T.tokens(a.tokens)}</span>
                <p className="why">{matchedText(a.matched)}</p>
                <p className="why muted">{T.step(a.step)}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
      {result.left_out.length > 0 ? (
        <div>
          <h3 id="lore-test-left-out">{T.leftOut(result.left_out.length)}</h3>
          <p className="hint">{T.leftOutHint}</p>
          <ol aria-labelledby="lore-test-left-out">
            {result.left_out.map((l) => (
              <li key={l.entry_id} className="left-out">
                <span className="name">{l.name}</span>
                <span className="tokens">{T.tokens(l.tokens)}</span>
                <p className="why">{T.reasons[l.reason]}</p>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {unmatched.length > 0 ? (
        <div>
          <h3 id="lore-test-not-matched">{T.notMatched(unmatched.length)}</h3>
          <p className="hint">{T.notMatchedReason}</p>
          <ul aria-labelledby="lore-test-not-matched">
            {unmatched.map((e) => (
              <li key={e.id}>
                <span className="name">{e.name}</span>
                <p className="why muted">{e.keywords.join(', ')}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Results>
  );
}
