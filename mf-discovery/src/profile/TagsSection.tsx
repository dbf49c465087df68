import styled from '@emotion/styled';
import { useId, useState } from 'react';
import type { CharacterProfile } from '@fable/contracts';
import { Button, selectAuthStatus, TagChips, useAppSelector } from '@fable/shared';
import { TagIcon } from './icons';
import { Card } from './profileLayout';
import { displayText } from './profileRules';
import { PROFILE_TEXTS, TAG_SUGGESTION_TEXTS } from './profileTexts';
import { TagSuggestionPanel } from './TagSuggestionPanel';
import { useTagSuggestion } from './tagSuggestions';

const TagsHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 12px;
  h2 {
    margin: 0;
  }
`;

const Pending = styled.p`
  margin: 12px 0 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** The profile's tags, with Suggest tags for the other members and their pending suggestion. */
export function TagsSection({ profile }: { profile: CharacterProfile }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const member = useAppSelector(selectAuthStatus) === 'authenticated';
  const { pending, save, discard } = useTagSuggestion(profile.id, member);
  const tags = profile.tags.map((tag) => displayText(tag)).filter(Boolean);
  // The creator edits their own tags; suggestions are for the other members (the API keeps them per member).
  const canSuggest = member && !profile.viewer.is_creator;
  if (tags.length === 0 && !canSuggest) return null;
  return (
    <Card aria-labelledby={titleId}>
      <TagsHeader>
        <h2 id={titleId}>{PROFILE_TEXTS.tags}</h2>
        {canSuggest ? (
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen((o) => !o)}>
            <TagIcon />
            {TAG_SUGGESTION_TEXTS.open}
          </Button>
        ) : null}
      </TagsHeader>
      {tags.length > 0 ? <TagChips label={PROFILE_TEXTS.tags} tags={tags} size="sm" /> : null}
      {pending && !open ? (
        <Pending data-testid="pending-tag-suggestion">
          <strong>{TAG_SUGGESTION_TEXTS.pending}:</strong>{' '}
          {[
            pending.tags_to_add.length ? `${TAG_SUGGESTION_TEXTS.adding} ${pending.tags_to_add.join(', ')}` : '',
            pending.tags_to_remove.length ? `${TAG_SUGGESTION_TEXTS.removing} ${pending.tags_to_remove.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Pending>
      ) : null}
      {open ? (
        <div style={{ marginTop: 16 }}>
          <TagSuggestionPanel
            id={panelId}
            characterId={profile.id}
            currentTags={tags}
            pending={pending}
            onSave={save}
            onDiscard={discard}
            onClose={() => setOpen(false)}
          />
        </div>
      ) : null}
    </Card>
  );
}
