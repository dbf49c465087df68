import { CHARACTER_VISIBILITY_LABELS, effectiveModerationStatus, MODERATION_LABELS } from '@fable/contracts';
import { memo, useId } from 'react';
import { Avatar, Button, CardLink, VisuallyHidden } from '@fable/shared';
import type { ChatbotDraft } from '../chatbotForm/drafts';
import { CardRoot, SmallButtonLink } from '../myChatbots/cardParts';
import { cardVariantOf } from '../myChatbots/myChatbotsList';
import { DRAFTS_TEXTS as T } from './draftsTexts';

/**
 * Where a draft goes on: the editor of the chatbot it was saved from (a chatbot that needs fixes), else the create
 * form with the draft (/chatbot/create/{draftId}).
 */
export function continuePath(draft: ChatbotDraft): string {
  return draft.character_id ? `/chatbot/edit/${encodeURIComponent(draft.character_id)}` : `/chatbot/create/${encodeURIComponent(draft.id)}`;
}

/** The name a draft shows: its name, else its title, else "Untitled chatbot". */
export function draftName(draft: ChatbotDraft): string {
  return draft.values.name.trim() || draft.values.title.trim() || T.untitled;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function savedText(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateFormat.format(time);
}

export interface DraftCardProps {
  draft: ChatbotDraft;
  onDelete: (draft: ChatbotDraft) => void;
}

/** A draft: avatar (when it has one), name, title, when it was saved, Continue and Delete. */
export const DraftCard = memo(function DraftCard({ draft, onDelete }: DraftCardProps) {
  const nameId = useId();
  const name = draftName(draft);
  const { title, visibility, avatar_url: avatar } = draft.values;
  const fixes = effectiveModerationStatus(draft.moderationReport?.moderation_status) === 'fix_required';
  const saved = savedText(draft.savedAt);
  const to = continuePath(draft);

  return (
    <CardRoot aria-labelledby={nameId} data-testid="draft-card" data-variant={visibility ? cardVariantOf(visibility) : undefined}>
      <div className="head">
        {/* Decorative: the name says whose it is. */}
        <span className="avatar" aria-hidden="true">
          {/* The monogram is the chatbot's name's: a draft without one shows the placeholder, not its date title's digits. */}
          <Avatar src={avatar || null} name={draft.values.name.trim()} size="lg" shape="rounded" />
        </span>
        <div className="names">
          <h3 id={nameId}>
            <CardLink to={to} focusInside>
              {name}
            </CardLink>
          </h3>
          {title && title !== name ? <p className="title">{title}</p> : null}
        </div>
      </div>
      {visibility || fixes ? (
        <ul className="badges" aria-label="Status">
          {visibility ? <li>{CHARACTER_VISIBILITY_LABELS[visibility]}</li> : null}
          {fixes ? <li data-tone="error">{MODERATION_LABELS.fix_required}</li> : null}
        </ul>
      ) : null}
      {saved ? (
        <p className="note">
          {T.saved} <time dateTime={draft.savedAt}>{saved}</time>
        </p>
      ) : null}
      <div className="actions">
        <SmallButtonLink to={to}>
          {T.continue}
          <VisuallyHidden> {name}</VisuallyHidden>
        </SmallButtonLink>
        <Button size="sm" variant="ghost" onClick={() => onDelete(draft)}>
          {T.delete}
          <VisuallyHidden> {name}</VisuallyHidden>
        </Button>
      </div>
    </CardRoot>
  );
});
