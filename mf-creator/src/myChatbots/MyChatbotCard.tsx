import { CHARACTER_VISIBILITY_LABELS, type MyCharacter, routes } from '@fable/contracts';
import { memo, useId } from 'react';
import { Avatar, Button, CardLink, VisuallyHidden } from '@fable/shared';
import { CardRoot, SmallButtonLink } from './cardParts';
import { cardModerationOf, cardVariantOf, moderationLabelOf } from './myChatbotsList';
import { MY_CHATBOTS_TEXTS as T } from './myChatbotsTexts';

const TONE = { fix_required: 'error', under_review: 'warning', manual_review: 'info' } as const;

export const chatPath = (id: string) => routes.chat({ characterId: id });
export const editPath = (id: string) => `/chatbot/edit/${encodeURIComponent(id)}`;

export interface MyChatbotCardProps {
  character: MyCharacter;
  onDelete: (character: MyCharacter) => void;
}

/**
 * One of my chatbots (document 1 §2 "My Chatbots", §4 "Moderation"): avatar, name, title, visibility, the moderation
 * label, and Chat, Edit and Delete. The name's link covers the card: the chat, or the editor when the chatbot needs
 * fixes (Action Required). A chatbot under manual review is greyed and opens nothing; it can still be deleted.
 */
export const MyChatbotCard = memo(function MyChatbotCard({ character, onDelete }: MyChatbotCardProps) {
  const nameId = useId();
  const moderation = cardModerationOf(character);
  const label = moderationLabelOf(moderation);
  const locked = moderation === 'manual_review';
  const opens = moderation === 'fix_required' ? editPath(character.id) : chatPath(character.id);
  const fixNote = moderation === 'fix_required' ? character.moderationReport?.action_taken_description?.trim() : undefined;

  return (
    <CardRoot
      aria-labelledby={nameId}
      data-testid="my-chatbot-card"
      data-variant={cardVariantOf(character.visibility)}
      data-disabled={locked || undefined}
    >
      <div className="head">
        {/* Decorative: the name says whose it is. */}
        <span className="avatar" aria-hidden="true">
          <Avatar src={character.avatar_url} name={character.name} size="lg" shape="rounded" />
        </span>
        <div className="names">
          <h3 id={nameId}>
            {locked ? (
              character.name
            ) : (
              <CardLink to={opens} focusInside>
                {character.name}
              </CardLink>
            )}
          </h3>
          {character.title ? <p className="title">{character.title}</p> : null}
        </div>
      </div>
      <ul className="badges" aria-label="Status">
        <li>{CHARACTER_VISIBILITY_LABELS[character.visibility]}</li>
        {label && moderation ? <li data-tone={TONE[moderation]}>{label}</li> : null}
      </ul>
      {fixNote ? (
        <p className="note">
          {T.fixNote} {fixNote}
        </p>
      ) : null}
      <div className="actions">
        {locked ? null : (
          <>
            <SmallButtonLink to={chatPath(character.id)} variant="secondary">
              {T.chat}
              <VisuallyHidden> {character.name}</VisuallyHidden>
            </SmallButtonLink>
            <SmallButtonLink to={editPath(character.id)} variant="secondary">
              {T.edit}
              <VisuallyHidden> {character.name}</VisuallyHidden>
            </SmallButtonLink>
          </>
        )}
        <Button size="sm" variant="ghost" onClick={() => onDelete(character)}>
          {T.delete}
          <VisuallyHidden> {character.name}</VisuallyHidden>
        </Button>
      </div>
    </CardRoot>
  );
});
