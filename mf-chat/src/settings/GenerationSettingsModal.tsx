import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { apiErrorMessage, Button, ButtonLink, Modal, selectPermissions, Spinner, useAppSelector, useNotify } from '@fable/shared';
import { GENERATION_DEFAULTS, GENERATION_SLIDERS, routes } from '@fable/contracts';
import { SLIDER_NAMES, useInferenceSettings, type SliderName } from './inferenceSettings';
import { SettingsFooter } from './SettingsFooter';

/** Texts of the Generation Settings modal; the toast is the spec's (document 1 §8), the labels ours. */
export const GENERATION_SETTINGS_TEXTS = {
  title: 'Generation Settings',
  saved: 'Generations settings saved',
  save: 'Save',
  cancel: 'Cancel',
  reset: 'Reset to defaults',
  deviceNote: 'These settings are saved on this device.',
  locked: 'Changing the generation settings comes with a paid plan. These are the values your chats use.',
  upgrade: 'Upgrade',
  labels: {
    max_new_tokens: 'Max new tokens',
    temperature: 'Temperature',
    top_p: 'Top P',
    top_k: 'Top K',
  } satisfies Record<SliderName, string>,
  hints: {
    max_new_tokens: 'The longest reply the bot may write.',
    temperature: 'Higher is more creative, lower is more focused.',
    top_p: 'Only the most likely words that add up to this share are considered.',
    top_k: 'Only this many of the most likely words are considered.',
  } satisfies Record<SliderName, string>,
} as const;

type Values = Record<SliderName, number>;

const Field = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  align-items: center;
  padding: 10px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  label {
    font-weight: 600;
  }
  output {
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.text};
  }
  input[type='range'] {
    grid-column: 1 / -1;
    width: 100%;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  p {
    grid-column: 1 / -1;
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Note = styled.p`
  margin: 8px 0 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function valuesOf(settings: Values): Values {
  return { max_new_tokens: settings.max_new_tokens, temperature: settings.temperature, top_p: settings.top_p, top_k: settings.top_k };
}

function sameValues(a: Values, b: Values): boolean {
  return SLIDER_NAMES.every((name) => a[name] === b[name]);
}

function Slider({ name, value, onChange, readOnly }: { name: SliderName; value: number; onChange: (value: number) => void; readOnly: boolean }) {
  const id = useId();
  const { min, max, step } = GENERATION_SLIDERS[name];
  return (
    <Field>
      <label htmlFor={id}>{GENERATION_SETTINGS_TEXTS.labels[name]}</label>
      <output htmlFor={id}>{value}</output>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-describedby={`${id}-hint`}
        disabled={readOnly}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <p id={`${id}-hint`}>{GENERATION_SETTINGS_TEXTS.hints[name]}</p>
    </Field>
  );
}

/**
 * Generation Settings (document 1 §2 modals, §5 "Generation sliders"): max new tokens 180–300 step 1, temperature
 * 0–1.5 step 0.01, top-p 0.01–1 step 0.01, top-k 1–100 step 1; Save disabled while nothing changed.
 */
export function GenerationSettingsModal(props: { open: boolean; onClose: () => void }) {
  // The draft lives only while it is open: each opening starts from the saved settings.
  return props.open ? <OpenGenerationSettingsModal {...props} /> : null;
}

function OpenGenerationSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  // Without generation_settings (document 1 §6 "edit sliders") the values are shown, not edited: the API would ignore them.
  const editable = useAppSelector((s) => selectPermissions(s).includes('generation_settings'));
  const { settings, loading, save, saving, target } = useInferenceSettings();
  const saved = valuesOf(settings);
  const savedKey = SLIDER_NAMES.map((n) => saved[n]).join('|');
  // Edits are kept with the saved settings they started from: when those change, the draft starts again from them.
  const [edited, setEdited] = useState<{ from: string; values: Values } | null>(null);
  const draft = edited?.from === savedKey ? edited.values : saved;
  const setDraft = (update: Values | ((current: Values) => Values)) =>
    setEdited({ from: savedKey, values: typeof update === 'function' ? update(draft) : update });

  const unchanged = sameValues(draft, saved);

  const submit = async () => {
    try {
      await save({ ...settings, ...draft });
      notify.success(GENERATION_SETTINGS_TEXTS.saved);
      onClose();
    } catch (error) {
      notify.error(apiErrorMessage(error));
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={GENERATION_SETTINGS_TEXTS.title}
      footer={
        editable ? (
        <SettingsFooter>
          <Button variant="ghost" onClick={() => setDraft({ ...GENERATION_DEFAULTS })} disabled={saving || sameValues(draft, GENERATION_DEFAULTS)}>
            {GENERATION_SETTINGS_TEXTS.reset}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {GENERATION_SETTINGS_TEXTS.cancel}
          </Button>
          <Button onClick={() => void submit()} disabled={unchanged || loading} loading={saving}>
            {GENERATION_SETTINGS_TEXTS.save}
          </Button>
        </SettingsFooter>
        ) : (
          <SettingsFooter>
            <Button variant="secondary" onClick={onClose}>
              {GENERATION_SETTINGS_TEXTS.cancel}
            </Button>
            <ButtonLink to={routes.subscribe()}>{GENERATION_SETTINGS_TEXTS.upgrade}</ButtonLink>
          </SettingsFooter>
        )
      }
    >
      {loading ? (
        <Spinner label="Loading" center />
      ) : (
        <>
          {editable ? null : <Note>{GENERATION_SETTINGS_TEXTS.locked}</Note>}
          {SLIDER_NAMES.map((name) => (
            <Slider key={name} name={name} readOnly={!editable} value={draft[name]} onChange={(value) => setDraft((d) => ({ ...d, [name]: value }))} />
          ))}
          {editable && target === 'device' ? <Note>{GENERATION_SETTINGS_TEXTS.deviceNote}</Note> : null}
        </>
      )}
    </Modal>
  );
}

export default GenerationSettingsModal;
