import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { Button, Modal, Switch, textInputCss, useNotify, usePermission } from '@fable/shared';
import { CHARACTER_LIMITS, GENERATION_SLIDERS, IMAGE_STYLES, V2_IMAGE_STYLES, type ConversationImageSettings } from '@fable/contracts';
import { DEFAULT_IMAGE_SETTINGS, useImageSettings } from './imageSettings';
import { IMAGE_TEXTS } from './imageTexts';
import { SettingsFooter } from '../../settings/SettingsFooter';

const Field = styled.div`
  display: grid;
  gap: 6px;
  padding: 10px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  label,
  legend {
    font-weight: 600;
  }
  p {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  input[type='text'] {
    ${({ theme }) => textInputCss(theme)}
  }
  input[type='range'] {
    width: 100%;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  output {
    font-variant-numeric: tabular-nums;
  }
`;

const Styles = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 10px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 6px 12px;
  legend {
    font-weight: 600;
    padding: 0 0 6px;
  }
  label {
    display: flex;
    gap: 6px;
    align-items: center;
  }
  label[data-disabled='true'] {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  input {
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  p {
    grid-column: 1 / -1;
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const same = (a: ConversationImageSettings, b: ConversationImageSettings) =>
  (Object.keys(a) as Array<keyof ConversationImageSettings>).every((key) => a[key] === b[key]);

/**
 * Conversation Image Settings (document 1 §2 modals; §3 "Settings stored locally: image style (semi-realistic
 * default, or anime; also anime_v2, semi-realistic_v2), NSFW mode, legacy mode, lora scale (default 0.8), user prompt
 * suffix, user negative prompt"; §5 lora scale 0 to 1 step 0.01). Kept on this device; Save disabled while unchanged.
 */
export function ImageSettingsModal(props: { open: boolean; onClose: () => void }) {
  return props.open ? <OpenImageSettingsModal {...props} /> : null;
}

function OpenImageSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const { settings, save } = useImageSettings();
  const v2Allowed = usePermission('conversation_images_v2');
  const [draft, setDraft] = useState(settings);
  const set = <K extends keyof ConversationImageSettings>(key: K, value: ConversationImageSettings[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const ids = { scale: useId(), suffix: useId(), negative: useId() };
  const { min, max, step } = GENERATION_SLIDERS.lora_scale;
  const limit = CHARACTER_LIMITS.negativePromptMax;

  const submit = () => {
    save(draft);
    notify.success(IMAGE_TEXTS.saved);
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={IMAGE_TEXTS.settingsTitle}
      footer={
        <SettingsFooter>
          <Button variant="ghost" onClick={() => setDraft(DEFAULT_IMAGE_SETTINGS)} disabled={same(draft, DEFAULT_IMAGE_SETTINGS)}>
            {IMAGE_TEXTS.reset}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {IMAGE_TEXTS.cancel}
          </Button>
          <Button onClick={submit} disabled={same(draft, settings)}>
            {IMAGE_TEXTS.save}
          </Button>
        </SettingsFooter>
      }
    >
      <Styles>
        <legend>{IMAGE_TEXTS.styleLabel}</legend>
        {IMAGE_STYLES.map((style) => {
          const locked = V2_IMAGE_STYLES.includes(style) && !v2Allowed;
          return (
            <label key={style} data-disabled={locked}>
              <input type="radio" name="image-style" value={style} checked={draft.model_style === style} disabled={locked} onChange={() => set('model_style', style)} />
              {IMAGE_TEXTS.styles[style]}
            </label>
          );
        })}
        {!v2Allowed && <p>{IMAGE_TEXTS.v2Locked}</p>}
      </Styles>
      <Field>
        <Switch checked={draft.nsfw_mode} onChange={(next) => set('nsfw_mode', next)} label={IMAGE_TEXTS.nsfwMode} />
        <p>{IMAGE_TEXTS.nsfwModeHint}</p>
      </Field>
      <Field>
        <Switch checked={draft.legacy_mode} onChange={(next) => set('legacy_mode', next)} label={IMAGE_TEXTS.legacyMode} />
        <p>{IMAGE_TEXTS.legacyModeHint}</p>
      </Field>
      <Field>
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <label htmlFor={ids.scale}>{IMAGE_TEXTS.loraScale}</label>
          <output htmlFor={ids.scale}>{draft.lora_scale.toFixed(2)}</output>
        </div>
        <input
          id={ids.scale}
          type="range"
          min={min}
          max={max}
          step={step}
          value={draft.lora_scale}
          aria-describedby={`${ids.scale}-hint`}
          onChange={(event) => set('lora_scale', Number(event.target.value))}
        />
        <p id={`${ids.scale}-hint`}>{IMAGE_TEXTS.loraScaleHint}</p>
      </Field>
      <Field>
        <label htmlFor={ids.suffix}>{IMAGE_TEXTS.suffixLabel}</label>
        <input id={ids.suffix} type="text" maxLength={limit} value={draft.user_prompt_suffix} aria-describedby={`${ids.suffix}-hint`} onChange={(event) => set('user_prompt_suffix', event.target.value)} />
        <p id={`${ids.suffix}-hint`}>{IMAGE_TEXTS.suffixHint}</p>
      </Field>
      <Field>
        <label htmlFor={ids.negative}>{IMAGE_TEXTS.negativeLabel}</label>
        <input id={ids.negative} type="text" maxLength={limit} value={draft.user_negative_prompt} aria-describedby={`${ids.negative}-hint`} onChange={(event) => set('user_negative_prompt', event.target.value)} />
        <p id={`${ids.negative}-hint`}>
          {IMAGE_TEXTS.negativeHint} {IMAGE_TEXTS.tooLong(limit)}
        </p>
      </Field>
      <p style={{ margin: '8px 0 0', fontSize: '0.85rem', opacity: 0.8 }}>{IMAGE_TEXTS.deviceNote}</p>
    </Modal>
  );
}

export default ImageSettingsModal;
