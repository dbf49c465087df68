import styled from '@emotion/styled';
import { effectiveModerationStatus, type ModerationReport } from '@fable/contracts';
import { AppealButton } from '../moderation/AppealButton';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';

const Banner = styled.div`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.surface};
  p {
    margin: 0;
  }
  &[data-status='fix_required'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  ul {
    margin: 8px 0 0;
    padding-left: 20px;
  }
  .moderator-note {
    margin-top: 8px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  button {
    margin-top: 10px;
  }
`;

/**
 * The Chatbot Editor's moderation banner (document 1 §2, §4): Under Review (editing locked), Under Manual Review, or
 * Action Required with the moderator's reasons and note — the statement of reasons — and the creator's appeal; a
 * chatbot taken down after reports (made private for good) shows its reasons and the appeal too; nothing for a chatbot
 * with no open moderation.
 */
export function ModerationBanner({ report, characterId, visibility }: { report: ModerationReport | null; characterId?: string; visibility?: string }) {
  const takenDown = visibility === 'permanently_private' && (report?.reason_for_moderation.length ?? 0) > 0;
  const status = takenDown ? 'fix_required' : effectiveModerationStatus(report?.moderation_status);
  if (!report || !status) return null;
  return (
    <Banner data-status={status} role="status">
      <p>{takenDown ? T.takenDown : T.banner[status]}</p>
      {status === 'fix_required' && report.reason_for_moderation.length > 0 ? (
        <ul aria-label={T.reasons}>
          {report.reason_for_moderation.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      {status === 'fix_required' && report.action_taken_description ? (
        <p className="moderator-note">
          {T.moderatorNote}: {report.action_taken_description}
        </p>
      ) : null}
      {status === 'fix_required' && characterId ? <AppealButton characterId={characterId} /> : null}
    </Banner>
  );
}
