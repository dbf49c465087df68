import styled from '@emotion/styled';
import { useId, useRef, useState } from 'react';
import { CHARACTER_LIMITS, IMAGE_STYLES, V2_IMAGE_STYLES, type ImageStyle } from '@fable/contracts';
import { apiErrorMessage, Avatar, Button, usePermission } from '@fable/shared';
import { SelectField, TextAreaField, useController, useFieldNote, useFormContext, useWatch } from '@fable/shared/forms';
import { useCreator_generateImageMutation } from '../creatorApi';
import { CHATBOT_FORM_TEXTS as T } from './chatbotFormTexts';
import type { ChatbotValues } from './chatbotValues';
import { useImageUpload } from './useImageUpload';

const Box = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 16px;
  align-items: start;
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
  }
  .avatar-side {
    display: flex;
    flex-direction: column;
    gap: 10px;
    min-width: 0;
  }
  .avatar-label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  .avatar-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    /* On a phone the two buttons share the row, or each takes a whole one when they wrap: never one indented alone. */
    @media (max-width: 600px) {
      > button {
        flex: 1 1 auto;
      }
    }
  }
  .avatar-note {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .avatar-error {
    margin: 0;
    color: ${({ theme }) => theme.colors.error};
  }
  .avatar-row {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 10px;
    @media (max-width: 600px) {
      grid-template-columns: 1fr;
    }
  }
`;

const STYLE_LABELS: Record<ImageStyle, string> = {
  'semi-realistic': 'Semi-realistic',
  anime: 'Anime',
  anime_v2: 'Anime V2',
  'semi-realistic_v2': 'Semi-realistic V2',
};

/** The fields the avatar reads and sets: any form with a name and an avatar (a chatbot's, a lorebook's). */
type AvatarValues = Pick<ChatbotValues, 'name' | 'avatar_url' | 'avatar_is_nsfw'>;

export interface AvatarFieldProps {
  disabled?: boolean;
  /** Sets avatar_is_nsfw from the picture (a chatbot; a lorebook has no such field). */
  markNsfw?: boolean;
  /** What the avatar is of, while there is no name ("the chatbot"). */
  subject?: string;
}

/**
 * The avatar (document 1 §5: required, "You must generate an Avatar"): generated from a prompt (negative prompt at most
 * 300, a style; the V2 styles with avatar_images_v2) or uploaded, and stored by the API in the §9 presets; an NSFW
 * picture is marked so.
 */
export function AvatarField({ disabled = false, markNsfw = true, subject = 'the chatbot' }: AvatarFieldProps) {
  const { control, clearErrors, setValue } = useFormContext<AvatarValues>();
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useController({ control, name: 'avatar_url' });
  const name = useWatch({ control, name: 'name' });
  const note = useFieldNote({ error: fieldState.error?.message ?? null, hint: T.avatarHint });
  const v2 = usePermission('avatar_images_v2');
  const [prompt, setPrompt] = useState('');
  const [negative, setNegative] = useState('');
  const [style, setStyle] = useState<ImageStyle>('semi-realistic');
  const [promptError, setPromptError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [demo, setDemo] = useState(false);
  const [generate, generating] = useCreator_generateImageMutation();
  const { upload, uploading } = useImageUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const choose = (url: string, nsfw: boolean) => {
    onChange(url);
    if (markNsfw) setValue('avatar_is_nsfw', nsfw, { shouldDirty: true });
    if (fieldState.error) clearErrors('avatar_url');
  };
  const onGenerate = async () => {
    setFailure(null);
    if (prompt.trim() === '') {
      setPromptError(T.promptRequired);
      return;
    }
    const answer = await generate({ prompt: prompt.trim(), ...(negative.trim() ? { negative_prompt: negative.trim() } : {}), model_style: style });
    if ('error' in answer) setFailure(apiErrorMessage(answer.error));
    else {
      setDemo(answer.data.generator.demo);
      choose(answer.data.image.avatar_url, answer.data.image.is_nsfw);
    }
  };
  const onUpload = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setFailure(null);
    const answer = await upload(file);
    if ('error' in answer) setFailure(answer.error);
    else {
      setDemo(false);
      choose(answer.image.avatar_url, answer.image.is_nsfw);
    }
  };
  const styles = IMAGE_STYLES.filter((s) => v2 || !V2_IMAGE_STYLES.includes(s));
  return (
    <Box>
      <Avatar src={value || null} name={name || '?'} size={128} shape="rounded" alt={value ? `Avatar of ${name || subject}` : 'No avatar yet'} />
      <div className="avatar-side">
        <span className="avatar-label">{T.avatar}</span>
        <TextAreaField
          label={T.avatarPrompt}
          value={prompt}
          onChange={(v) => {
            setPrompt(v);
            setPromptError(null);
          }}
          error={promptError}
          rows={2}
          disabled={disabled}
        />
        <div className="avatar-row">
          <TextAreaField
            label={T.negativePrompt}
            value={negative}
            onChange={setNegative}
            rows={2}
            limit={CHARACTER_LIMITS.negativePromptMax}
            error={negative.trim().length > CHARACTER_LIMITS.negativePromptMax ? T.negativePromptTooLong : null}
            disabled={disabled}
          />
          <SelectField<ImageStyle> label={T.imageStyle} value={style} onChange={setStyle} options={styles.map((s) => ({ value: s, label: STYLE_LABELS[s] }))} disabled={disabled} />
        </div>
        <div className="avatar-actions">
          <Button
            variant="secondary"
            onClick={() => void onGenerate()}
            loading={generating.isLoading}
            disabled={disabled || uploading}
            ref={ref}
            aria-invalid={note.invalid}
            aria-describedby={[note.describedBy, failure ? errorId : null].filter(Boolean).join(' ') || undefined}
          >
            {T.generateAvatar}
          </Button>
          <Button variant="ghost" onClick={() => fileInput.current?.click()} loading={uploading} disabled={disabled || generating.isLoading}>
            {T.uploadAvatar}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            aria-hidden="true"
            tabIndex={-1}
            data-testid="avatar-file"
            onChange={(event) => void onUpload(event.currentTarget.files?.[0])}
          />
        </div>
        {demo ? <p className="avatar-note">{T.demoGenerator}</p> : null}
        {failure ? (
          <p className="avatar-error" id={errorId} role="alert">
            {failure}
          </p>
        ) : null}
        {note.row}
      </div>
    </Box>
  );
}
