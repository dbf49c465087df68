import styled from '@emotion/styled';
import { Button, Modal, selectUser, useAppSelector, useLocalStorage } from '@fable/shared';
import { LOREBOOK_TEXTS } from './lorebookTexts';

const T = LOREBOOK_TEXTS.guide;

const Body = styled.div`
  p {
    margin: 0 0 12px;
  }
  ul {
    margin: 0;
    padding-left: 20px;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
`;

/** Where the guide remembers it was seen: per member, on this device. */
export const guideSeenKey = (userId: string) => `fable.lorebookGuideSeen.${userId}`;

/**
 * The one-time guide of /lorebook/create (document 2 §2 "one-time guide modal"): what a lorebook is, keywords and
 * entries. It opens by itself the first time a member opens the page on a device, and again from its link.
 */
export function useLorebookGuide() {
  const userId = useAppSelector(selectUser)?.id ?? 'guest';
  const [seen, setSeen] = useLocalStorage(guideSeenKey(userId), false);
  const guide = (
    <Modal open={!seen} onClose={() => setSeen(true)} title={T.title} size="md" footer={<Button onClick={() => setSeen(true)}>{T.close}</Button>}>
      <Body>
        <p>{T.intro}</p>
        <ul>
          {T.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </Body>
    </Modal>
  );
  return { guide, reopen: () => setSeen(false) };
}
