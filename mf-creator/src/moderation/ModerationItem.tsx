import styled from '@emotion/styled';
import { useState } from 'react';
import { CHARACTER_VISIBILITY_LABELS, MODERATION_LABELS, type ModerationDecisionBody, type ModerationQueueItem } from '@fable/contracts';
import { apiErrorMessage, Avatar, Button, useNotify } from '@fable/shared';
import { AuditTrail } from './AuditTrail';
import { FixesDialog } from './FixesDialog';
import { useCreator_moderationDecideMutation } from './moderationApi';
import { MODERATION_TEXTS as T } from './moderationTexts';

export const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  header {
    display: flex;
    gap: 12px;
    align-items: center;
    min-width: 0;
  }
  h2 {
    margin: 0;
    font-size: 1.05rem;
  }
  .meta {
    margin: 2px 0 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  .title {
    margin: 0;
  }
  details > summary {
    cursor: pointer;
    font-weight: 600;
  }
  dl {
    margin: 8px 0 0;
  }
  dt {
    font-weight: 600;
    font-size: 0.85rem;
    margin-top: 8px;
  }
  dd {
    margin: 2px 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
`;

const dateText = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** One chatbot waiting for a moderator: what it is, its definition, its history, and the three decisions. */
export function ModerationItem({ item }: { item: ModerationQueueItem }) {
  const { character } = item;
  const [decide, { isLoading }] = useCreator_moderationDecideMutation();
  const [fixing, setFixing] = useState(false);
  const notify = useNotify();
  const status = character.moderationReport?.moderation_status;
  const send = async (body: ModerationDecisionBody) => {
    const answer = await decide({ characterId: character.id, body });
    if ('error' in answer) notify.error(apiErrorMessage(answer.error));
    else {
      setFixing(false);
      notify.success(`${T.decided[body.decision]}: ${character.name}`);
    }
  };
  return (
    <Card aria-labelledby={`moderation-${character.id}`} data-testid="moderation-item">
      <header>
        <Avatar src={character.avatar_url} name={character.name} size={56} nsfw={character.avatar_is_nsfw} blur={character.avatar_is_nsfw} />
        <div>
          <h2 id={`moderation-${character.id}`}>{character.name}</h2>
          <p className="meta">
            {status && status !== 'closed' ? `${MODERATION_LABELS[status]} · ` : ''}
            {T.by} @{character.creator_username} · {CHARACTER_VISIBILITY_LABELS[character.visibility]} · {T.waitingSince} {dateText(item.waiting_since)}
          </p>
        </div>
      </header>
      <p className="title">{character.title}</p>
      {character.tags.length > 0 ? <p className="meta">{character.tags.join(', ')}</p> : null}
      <details>
        <summary>{T.definition}</summary>
        <dl>
          {(['greeting', 'persona', 'scenario', 'dialogue'] as const).map((field) =>
            character[field] ? (
              <div key={field}>
                <dt>{T.fields[field]}</dt>
                <dd>{character[field]}</dd>
              </div>
            ) : null,
          )}
        </dl>
      </details>
      <AuditTrail characterId={character.id} />
      <div className="actions">
        <Button onClick={() => send({ decision: 'approve', reason_for_moderation: [] })} loading={isLoading} aria-describedby={`moderation-${character.id}`}>
          {T.approve}
        </Button>
        <Button variant="secondary" onClick={() => setFixing(true)} disabled={isLoading} aria-describedby={`moderation-${character.id}`}>
          {T.requireFixes}
        </Button>
        <Button variant="ghost" onClick={() => send({ decision: 'close', reason_for_moderation: [] })} disabled={isLoading} aria-describedby={`moderation-${character.id}`}>
          {T.close}
        </Button>
      </div>
      {fixing ? <FixesDialog name={character.name} onSend={send} onClose={() => setFixing(false)} /> : null}
    </Card>
  );
}
