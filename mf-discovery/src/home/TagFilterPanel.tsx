import styled from '@emotion/styled';
import { Button } from '@fable/shared';

/** Texts of the tag filter panel (document 1 §2 "Listing (home) screen": include, exclude, reset). */
export const TAG_FILTER_TEXTS = {
  title: 'Tags',
  include: 'Include',
  exclude: 'Exclude',
  reset: 'Reset',
  // The tag list comes with the search results (a later issue); until then the groups are empty.
  noTags: 'No tags yet.',
} as const;

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  align-self: start;
  h2 {
    margin: 0;
    font-size: 1rem;
  }
  h3 {
    margin: 0 0 6px;
    font-size: 0.8rem;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p {
    margin: 0;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

export function TagFilterPanel({ id }: { id: string }) {
  return (
    <Panel id={id} aria-labelledby={`${id}-title`}>
      <Header>
        <h2 id={`${id}-title`}>{TAG_FILTER_TEXTS.title}</h2>
        <Button variant="ghost" size="sm" disabled>
          {TAG_FILTER_TEXTS.reset}
        </Button>
      </Header>
      <div>
        <h3>{TAG_FILTER_TEXTS.include}</h3>
        <p>{TAG_FILTER_TEXTS.noTags}</p>
      </div>
      <div>
        <h3>{TAG_FILTER_TEXTS.exclude}</h3>
        <p>{TAG_FILTER_TEXTS.noTags}</p>
      </div>
    </Panel>
  );
}
