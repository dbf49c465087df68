import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { CONVERSATION_IMAGE_PRESET, IMAGE_LIMITS, imagePresetUrl, stripHtml, type ChatMessage } from '@fable/contracts';
import { Button, textInputCss } from '@fable/shared';
import { useChat_viewerSettingsQuery } from '../../settings/settingsApi';
import { IMAGE_TEXTS } from './imageTexts';

/** The picture's box: at most 404 px wide (document 1 §9 "image preview sizes 404 and 80"), 5:6 like its preset. */
const Figure = styled.figure`
  margin: 0;
  width: min(404px, 100%);
`;

const Frame = styled.div`
  position: relative;
  aspect-ratio: 5 / 6;
  border-radius: ${({ theme }) => theme.radius.lg};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Veil = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  gap: 10px;
  align-items: center;
  justify-content: center;
  padding: 16px;
  text-align: center;
  color: #fff;
  background: rgba(0, 0, 0, 0.45);
  p {
    margin: 0;
    font-weight: 600;
    text-shadow: 0 1px 2px rgba(0, 0, 0, 0.6);
  }
`;

const Caption = styled.figcaption`
  margin-top: 6px;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** The words of a reply that came with its picture (POST chat image_prompt). */
const Said = styled.p`
  margin: 0 0 8px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.5;
`;

const PromptEditor = styled.div`
  display: grid;
  gap: 6px;
  width: min(404px, 100%);
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  textarea {
    ${({ theme }) => textInputCss(theme)}
    min-height: 80px;
    resize: vertical;
  }
`;

export interface ImageMessageProps {
  message: ChatMessage;
  editing: boolean;
  busy: boolean;
  onOpenSettings: () => void;
  onGenerate: (prompt: string) => void;
  onCancel: () => void;
}

/**
 * An image message (document 1 §3 Message image_url, image_prompt): the picture with its prompt, veiled when it is
 * adult content and the viewer blurs NSFW; while editing, the prompt with Settings and Generate (§4 "edit image
 * prompt with Settings and Generate (regenerates)").
 */
export function ImageMessage({ message, editing, busy, onOpenSettings, onGenerate, onCancel }: ImageMessageProps) {
  const [revealed, setRevealed] = useState(false);
  const url = message.image_url!;
  // Adult images are veiled (blurred on the server) for members who blur NSFW (the default) until they ask (§6);
  // the member's setting is read only when there is such an image.
  const adult = Boolean(message.image_is_nsfw);
  const viewer = useChat_viewerSettingsQuery(undefined, { skip: !adult });
  const veiled = adult && (viewer.data?.blurNSFW ?? true) && !revealed;
  const shownPrompt = message.image_prompt ?? '';

  return (
    <div>
      {message.content.trim() !== '' && <Said>{stripHtml(message.content)}</Said>}
      <Figure>
        <Frame aria-busy={busy || undefined}>
          <img src={veiled ? imagePresetUrl(url, CONVERSATION_IMAGE_PRESET, { blurred: true }) : url} alt={IMAGE_TEXTS.imageAlt(shownPrompt)} width={404} height={485} />
          {veiled && (
            <Veil>
              <p>{IMAGE_TEXTS.nsfwHidden}</p>
              <Button size="sm" variant="secondary" onClick={() => setRevealed(true)}>
                {IMAGE_TEXTS.showImage}
              </Button>
            </Veil>
          )}
        </Frame>
        {!editing && shownPrompt && <Caption>{shownPrompt}</Caption>}
      </Figure>
      {editing && <ImagePromptEditor initial={shownPrompt} busy={busy} onOpenSettings={onOpenSettings} onGenerate={onGenerate} onCancel={onCancel} />}
    </div>
  );
}

/** The prompt being edited: it starts from the message's prompt each time editing starts. */
function ImagePromptEditor({ initial, busy, onOpenSettings, onGenerate, onCancel }: { initial: string; busy: boolean } & Pick<ImageMessageProps, 'onOpenSettings' | 'onGenerate' | 'onCancel'>) {
  const [prompt, setPrompt] = useState(initial);
  const id = useId();
  return (
    <PromptEditor>
      <label htmlFor={id}>{IMAGE_TEXTS.promptLabel}</label>
      <textarea id={id} value={prompt} maxLength={IMAGE_LIMITS.promptMax} onChange={(event) => setPrompt(event.target.value)} />
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        <Button size="sm" variant="secondary" onClick={onOpenSettings}>
          {IMAGE_TEXTS.settings}
        </Button>
        <Button size="sm" disabled={!prompt.trim()} loading={busy} onClick={() => onGenerate(prompt.trim())}>
          {IMAGE_TEXTS.generate}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
          {IMAGE_TEXTS.cancel}
        </Button>
      </div>
    </PromptEditor>
  );
}
