import { Button, copyToClipboard, useNotify } from '@fable/shared';
import { ShareIcon } from './icons';
import { PROFILE_TEXTS } from './profileTexts';

/** Share: copies the profile's link and says "Copied to clipboard" (document 1 §8). */
export function ShareButton({ url }: { url: string }) {
  const notify = useNotify();
  const share = async () => {
    try {
      await copyToClipboard(url);
      notify.success(PROFILE_TEXTS.copied);
    } catch {
      notify.error(PROFILE_TEXTS.copyFailed);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <ShareIcon />
      {PROFILE_TEXTS.share}
    </Button>
  );
}
