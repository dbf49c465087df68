import type { ChatModals } from '../chatModals';
import { ImageSettingsModal, ImageTrainingModal, WhenOpened } from '../lazyModals';
import { ImageUpgradeModal } from './ImageUpgradeModal';

/** The conversation images' modals: settings and training load when first opened; the upgrade prompt is small. */
export function ImageModals({ modals, characterId, characterName }: { modals: ChatModals; characterId: string; characterName: string }) {
  const upgrade = modals.openOf('imageUpgrade');
  return (
    <>
      <WhenOpened opened={modals.wasOpened('imageSettings')}>
        <ImageSettingsModal open={modals.openOf('imageSettings') !== null} onClose={() => modals.close('imageSettings')} />
      </WhenOpened>
      <WhenOpened opened={modals.wasOpened('imageTraining')}>
        <ImageTrainingModal
          open={modals.openOf('imageTraining') !== null}
          onClose={() => modals.close('imageTraining')}
          characterId={characterId}
          characterName={characterName}
        />
      </WhenOpened>
      <ImageUpgradeModal open={upgrade !== null} onClose={() => modals.close('imageUpgrade')} tier={upgrade?.tier ?? 'premium'} />
    </>
  );
}
