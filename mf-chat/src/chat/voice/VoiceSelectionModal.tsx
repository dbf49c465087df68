import { useRef, useState } from 'react';
import styled from '@emotion/styled';
import type { Voice } from '@fable/contracts';
import { Button, Modal, Spinner, Tabs } from '@fable/shared';
import { useChat_voicesQuery } from './voiceApi';
import { VOICE_TEXTS } from './voiceTexts';

const List = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Row = styled.li<{ $current: boolean }>`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 12px;
  border-radius: 10px;
  border: 1px solid ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  flex-wrap: wrap;
`;

const Who = styled.div`
  flex: 1 1 120px;
  min-width: 0;
  strong {
    display: block;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

type Filter = (typeof VOICE_TEXTS.filters)[number];
const matches = (voice: Voice, filter: Filter) => filter === 'All' || voice.gender === filter.toLowerCase();

/**
 * Voice Selection (document 1 §2, §4 "Voice selection: choose, saving, then play on success, revert on failure"; §9
 * filter All, Male, Female): each voice with a sample to hear, and Choose.
 */
export function VoiceSelectionModal(props: { open: boolean; onClose: () => void; currentVoiceId: string | null; saving: boolean; onChoose: (voiceId: string) => Promise<boolean> }) {
  const voices = useChat_voicesQuery(undefined, { skip: !props.open });
  const [filter, setFilter] = useState<Filter>('All');
  const [sampling, setSampling] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<string | null>(null);
  const sample = useRef<HTMLAudioElement | null>(null);

  const stopSample = () => {
    sample.current?.pause();
    sample.current = null;
    setSampling(null);
  };
  const playSample = (voice: Voice) => {
    const wasPlaying = sampling === voice.id;
    stopSample();
    if (wasPlaying || !voice.audio_url) return;
    const audio = new Audio(voice.audio_url);
    sample.current = audio;
    audio.onended = () => setSampling((s) => (s === voice.id ? null : s));
    setSampling(voice.id);
    void audio.play().catch(() => setSampling(null));
  };
  const close = () => {
    stopSample();
    props.onClose();
  };
  const choose = async (voiceId: string) => {
    setChoosing(voiceId);
    const ok = await props.onChoose(voiceId);
    setChoosing(null);
    if (ok) close();
  };

  const shown = (voices.data ?? []).filter((v) => matches(v, filter));
  return (
    <Modal open={props.open} onClose={close} title={VOICE_TEXTS.modalTitle} size="md" footer={<Button variant="secondary" onClick={close}>{VOICE_TEXTS.close}</Button>}>
      <Tabs label={VOICE_TEXTS.filterLabel} items={VOICE_TEXTS.filters.map((f) => ({ id: f, label: f }))} selectedId={filter} onSelect={(id) => setFilter(id as Filter)} />
      {voices.isLoading ? (
        <Spinner label={VOICE_TEXTS.loading} center />
      ) : voices.isError ? (
        <div role="alert" style={{ marginTop: 12 }}>
          <p>{VOICE_TEXTS.listFailed}</p>
          <Button variant="secondary" onClick={() => void voices.refetch()}>
            {VOICE_TEXTS.retry}
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p style={{ marginTop: 12 }}>{VOICE_TEXTS.empty}</p>
      ) : (
        <List aria-label={VOICE_TEXTS.modalTitle}>
          {shown.map((voice) => {
            const current = voice.id === props.currentVoiceId;
            return (
              <Row key={voice.id} $current={current}>
                <Who>
                  <strong>{voice.name}</strong>
                  <span>
                    {VOICE_TEXTS.gender[voice.gender]}
                    {voice.description ? ` · ${voice.description}` : ''}
                  </span>
                </Who>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-pressed={sampling === voice.id}
                  aria-label={sampling === voice.id ? VOICE_TEXTS.stopSample(voice.name) : VOICE_TEXTS.sample(voice.name)}
                  onClick={() => playSample(voice)}
                >
                  {sampling === voice.id ? `■ ${VOICE_TEXTS.stop}` : `▶ ${VOICE_TEXTS.listen}`}
                </Button>
                {current ? (
                  <span aria-label={`${voice.name}: ${VOICE_TEXTS.current}`}>{VOICE_TEXTS.current}</span>
                ) : (
                  <Button size="sm" loading={choosing === voice.id} disabled={props.saving} aria-label={`${VOICE_TEXTS.choose} ${voice.name}`} onClick={() => void choose(voice.id)}>
                    {VOICE_TEXTS.choose}
                  </Button>
                )}
              </Row>
            );
          })}
        </List>
      )}
    </Modal>
  );
}
