import { useEffect, useRef, useState } from 'react';
import { useNotify } from '@fable/shared';
import { VOICE_LIMITS } from '@fable/contracts';
import { useChat_speechInputQuery, useChat_transcribeMutation } from './speechInputApi';
import { SPEECH_INPUT_TEXTS } from './speechInputTexts';

/** The browser's speech recognition, where it has one (Chrome's is prefixed). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => Recognition;
const browserRecognition = (): RecognitionConstructor | null => {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
};

export type SpeechInputState = 'idle' | 'listening' | 'transcribing';

export interface SpeechInput {
  /** null: no way to hear here, the button is hidden. */
  mode: 'transcription' | 'browser' | null;
  state: SpeechInputState;
  toggle: () => void;
}

/** A recording stops by itself after this long (well under the API's 5 MB). */
export const SPEECH_INPUT_MAX_MS = 60_000;

const denied = (error: unknown) => error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');

/**
 * Speech input (document 1 §2 microphone, §9 "speech recognition en-US, final results only"): a recording sent to the
 * API's transcription endpoint where one is configured, else the browser's recognition; the microphone refused opens
 * "Permission Required".
 */
export function useSpeechInput(o: { member: boolean; onText: (text: string) => void; onPermissionDenied: () => void }): SpeechInput {
  const notify = useNotify();
  const available = useChat_speechInputQuery(undefined, { skip: !o.member });
  const [transcribe] = useChat_transcribeMutation();
  const [state, setState] = useState<SpeechInputState>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const recognition = useRef<Recognition | null>(null);
  // Asking for the microphone (the browser may be showing its prompt): a second click waits.
  const starting = useRef(false);
  const mounted = useRef(true);
  const Recognizer = browserRecognition();
  const mode = o.member && available.data?.transcription ? 'transcription' : Recognizer ? 'browser' : null;

  // Leaving the page stops listening and lets the microphone go.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      recognition.current?.stop();
      recorder.current?.stream.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const record = async () => {
    let stream: MediaStream;
    starting.current = true;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (denied(error)) o.onPermissionDenied();
      else notify.error(SPEECH_INPUT_TEXTS.failed);
      return;
    } finally {
      starting.current = false;
    }
    // Left while the browser asked: the microphone is let go at once.
    if (!mounted.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    const chunks: Blob[] = [];
    const started = new MediaRecorder(stream);
    recorder.current = started;
    started.ondataavailable = (event) => chunks.push(event.data);
    started.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      const recording = new Blob(chunks, { type: started.mimeType || 'audio/webm' });
      if (recording.size === 0) {
        setState('idle');
        notify.error(SPEECH_INPUT_TEXTS.nothingHeard);
        return;
      }
      setState('transcribing');
      transcribe(recording)
        .unwrap()
        .then(({ text }) => (text ? o.onText(text) : notify.error(SPEECH_INPUT_TEXTS.nothingHeard)))
        .catch(() => notify.error(SPEECH_INPUT_TEXTS.failed))
        .finally(() => setState('idle'));
    };
    started.start();
    setState('listening');
    setTimeout(() => {
      if (recorder.current === started && started.state === 'recording') started.stop();
    }, SPEECH_INPUT_MAX_MS);
  };

  const listen = () => {
    if (!Recognizer) return;
    const r = new Recognizer();
    r.lang = VOICE_LIMITS.speechRecognitionLang;
    r.interimResults = VOICE_LIMITS.speechRecognitionInterimResults;
    r.continuous = false;
    r.onresult = (event) => {
      const finals = Array.from(event.results).filter((result) => result.isFinal);
      const text = finals.map((result) => result[0]?.transcript ?? '').join(' ').trim();
      if (text) o.onText(text);
    };
    r.onerror = (event) => {
      if (event.error === 'not-allowed' || event.error === 'service-not-allowed') o.onPermissionDenied();
      else if (event.error !== 'aborted' && event.error !== 'no-speech') notify.error(SPEECH_INPUT_TEXTS.failed);
    };
    r.onend = () => {
      recognition.current = null;
      setState('idle');
    };
    recognition.current = r;
    r.start();
    setState('listening');
  };

  const toggle = () => {
    if (state === 'transcribing' || starting.current) return;
    if (state === 'listening') {
      if (recorder.current) recorder.current.stop();
      else recognition.current?.stop();
      return;
    }
    if (mode === 'transcription') void record();
    else listen();
  };

  return { mode, state, toggle };
}
