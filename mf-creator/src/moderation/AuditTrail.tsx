import { useState } from 'react';
import { Spinner } from '@fable/shared';
import { useCreator_moderationAuditQuery } from './moderationApi';
import { MODERATION_TEXTS as T } from './moderationTexts';

/** A chatbot's decisions, oldest first (who, when, what, why): loaded when opened. */
export function AuditTrail({ characterId }: { characterId: string }) {
  const [open, setOpen] = useState(false);
  const { data, isLoading } = useCreator_moderationAuditQuery(characterId, { skip: !open });
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{T.history}</summary>
      {isLoading ? (
        <Spinner label="Loading the history" />
      ) : data && data.entries.length > 0 ? (
        <ol>
          {data.entries.map((entry) => (
            <li key={entry.id}>
              {new Date(entry.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}: @{entry.actor_username ?? entry.actor_user_id}{' '}
              {T.actions[entry.action]}
              {entry.reason_for_moderation.length > 0 ? ` (${entry.reason_for_moderation.join('; ')})` : ''}
              {entry.action_taken_description ? `: ${entry.action_taken_description}` : ''}
            </li>
          ))}
        </ol>
      ) : open ? (
        <p>{T.noHistory}</p>
      ) : null}
    </details>
  );
}
