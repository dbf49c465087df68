import { Button, Spinner } from '@fable/shared';
import { MicIcon } from '../icons';
import { SPEECH_INPUT_TEXTS } from './speechInputTexts';
import type { SpeechInput } from './useSpeechInput';

/** The composer's microphone (hidden where nothing can hear). */
export function MicButton({ input, disabled }: { input: SpeechInput; disabled: boolean }) {
  if (!input.mode) return null;
  const listening = input.state === 'listening';
  const label = listening ? SPEECH_INPUT_TEXTS.stop : SPEECH_INPUT_TEXTS.start;
  return (
    <Button type="button" variant={listening ? 'secondary' : 'ghost'} size="sm" aria-label={label} title={label} aria-pressed={listening} disabled={disabled || input.state === 'transcribing'} onClick={input.toggle}>
      {input.state === 'transcribing' ? <Spinner size={16} label={SPEECH_INPUT_TEXTS.transcribing} /> : <MicIcon />}
    </Button>
  );
}
