import { useId, useState } from 'react';
import { TitleModal } from '../conversationTitle/TitleModal';
import { CHAT_TEXTS } from './chatTexts';

export type CloneType = 'partial' | 'full';

export interface CloneConversationModalProps {
  open: boolean;
  /** Partial when the user picked the last message in partial-clone mode. */
  initialType: CloneType;
  initialTitle: string;
  onClose: () => void;
  /** Full: clones now. Partial without a picked message: the page enters partial-clone mode. */
  onSubmit: (type: CloneType, title: string) => Promise<unknown>;
}

/** Clone Conversation (document 1 §4 "Clone"): partial or full, title required (max 50). */
export function CloneConversationModal(props: CloneConversationModalProps) {
  // Its state lives only while it is open: each opening starts on `initialType`.
  return props.open ? <OpenCloneConversationModal key={props.initialType} {...props} /> : null;
}

function OpenCloneConversationModal({ initialType, onSubmit, ...modal }: CloneConversationModalProps) {
  const [type, setType] = useState<CloneType>(initialType);
  const group = useId();
  return (
    <TitleModal
      {...modal}
      heading={CHAT_TEXTS.cloneTitle}
      submitLabel={CHAT_TEXTS.clone}
      onSubmit={(title) => onSubmit(type, title)}
      failureText={() => CHAT_TEXTS.generic}
    >
      <div role="radiogroup" aria-label={CHAT_TEXTS.cloneTitle} style={{ display: 'flex', gap: 16, marginBottom: 12 }}>
        {(['partial', 'full'] as const).map((value) => (
          <label key={value} style={{ display: 'inline-flex', gap: 6, alignItems: 'center', cursor: 'pointer' }}>
            <input type="radio" name={group} value={value} checked={type === value} onChange={() => setType(value)} />
            {value === 'partial' ? CHAT_TEXTS.clonePartial : CHAT_TEXTS.cloneFull}
          </label>
        ))}
      </div>
    </TitleModal>
  );
}
