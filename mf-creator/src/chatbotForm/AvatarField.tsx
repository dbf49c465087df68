import styled from '@emotion/styled';
import { Avatar, Button } from '@fable/shared';
import { useController, useFieldNote, useFormContext, useWatch } from '@fable/shared/forms';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import type { ChatbotValues } from './chatbotValues';

const Row = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;
  flex-wrap: wrap;
  .avatar-side {
    display: flex;
    flex-direction: column;
    gap: 6px;
    min-width: 0;
    flex: 1;
  }
  .avatar-label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

/** A seed for the API's generated avatars (/api/avatars/{seed}.svg): the name's letters and a random part. */
export function avatarSeed(name: string, random = Math.random): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .split('-')
    .filter(Boolean)
    .slice(0, 4)
    .join('-')
    .slice(0, 40);
  const suffix = Math.floor(random() * 36 ** 6).toString(36);
  return slug ? `${slug}-${suffix}` : `bot-${suffix}`;
}

/** The avatar (document 1 §5: required, "You must generate an Avatar"): for now one of the API's monograms. */
export function AvatarField({ disabled = false }: { disabled?: boolean }) {
  const { control, clearErrors } = useFormContext<ChatbotValues>();
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useController({ control, name: 'avatar_url' });
  const name = useWatch({ control, name: 'name' });
  const note = useFieldNote({ error: fieldState.error?.message ?? null, hint: T.avatarHint });
  const generate = () => {
    onChange(`/api/avatars/${avatarSeed(name)}.svg`);
    if (fieldState.error) clearErrors('avatar_url');
  };
  return (
    <Row>
      <Avatar src={value || null} name={name || '?'} size={96} alt={value ? `Avatar of ${name || 'the chatbot'}` : 'No avatar yet'} />
      <div className="avatar-side">
        <span className="avatar-label" id="chatbot-avatar-label">
          {T.avatar}
        </span>
        <div>
          <Button
            variant="secondary"
            onClick={generate}
            disabled={disabled}
            ref={ref}
            aria-invalid={note.invalid}
            aria-describedby={note.describedBy}
          >
            {value ? T.regenerateAvatar : T.generateAvatar}
          </Button>
        </div>
        {note.row}
      </div>
    </Row>
  );
}
