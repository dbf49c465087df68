import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { ChangePersonaModalProps } from '../personas/ChangePersonaModal';

/**
 * The modals other parts of mf-chat own (memories, settings, personas), loaded when first opened: they stay off the
 * chat screen's first load, and the screen works while they are being built.
 */
function lazyNamed<P>(load: () => Promise<Record<string, unknown>>, name: string): ComponentType<P> {
  return lazy(async () => {
    const module = await load();
    return { default: (module[name] ?? module.default) as ComponentType<P> };
  });
}

export const MemoryManagerModal = lazyNamed<{ conversationId: string; open: boolean; onClose: () => void }>(
  () => import('../memories/MemoryManagerModal'),
  'MemoryManagerModal',
);
export const GenerationSettingsModal = lazyNamed<{ open: boolean; onClose: () => void }>(
  () => import('../settings/GenerationSettingsModal'),
  'GenerationSettingsModal',
);
export const ModelSelectModal = lazyNamed<{ open: boolean; onClose: () => void }>(() => import('../settings/ModelSelectModal'), 'ModelSelectModal');
export const PersonaPicker = lazyNamed<{ botName: string; open: boolean; onChoose: (personaId: string) => void; onClose: () => void }>(
  () => import('../personas/PersonaPicker'),
  'PersonaPicker',
);
export const ChangePersonaModal = lazyNamed<ChangePersonaModalProps>(
  () => import('../personas/ChangePersonaModal'),
  'ChangePersonaModal',
);

export const ImageSettingsModal = lazyNamed<{ open: boolean; onClose: () => void }>(() => import('./images/ImageSettingsModal'), 'ImageSettingsModal');
export const ImageTrainingModal = lazyNamed<{ open: boolean; onClose: () => void; characterId: string; characterName: string }>(
  () => import('./images/ImageTrainingModal'),
  'ImageTrainingModal',
);

export const VoiceSelectionModal = lazyNamed<{ open: boolean; onClose: () => void; currentVoiceId: string | null; saving: boolean; onChoose: (voiceId: string) => Promise<boolean> }>(
  () => import('./voice/VoiceSelectionModal'),
  'VoiceSelectionModal',
);

/** Renders a lazy modal only once it has been opened (so its code loads on first use). */
export function WhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
