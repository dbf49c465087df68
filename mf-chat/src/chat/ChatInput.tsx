import styled from '@emotion/styled';
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CHAT_LIMITS } from '@fable/contracts';
import { Button } from '@fable/shared';
import { CHAT_TEXTS } from './chatTexts';
import { SendIcon, SparkIcon, StopIcon } from './icons';
import { canSend, shouldSendOnKey, textAreaHeight } from './inputRules';

const Bar = styled.form`
  display: flex;
  align-items: flex-end;
  gap: 8px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Area = styled.textarea`
  flex: 1;
  min-width: 0;
  resize: none;
  border: 0;
  outline: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  line-height: 1.45;
  max-height: ${CHAT_LIMITS.textAreaMaxHeightPx}px;
  overflow-y: auto;
  padding: 6px 0;
  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

export interface ChatInputProps {
  value: string;
  onChange: (text: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  onAutopilot?: () => void;
  /** Shown before the text area (the image button). */
  accessory?: ReactNode;
  streaming: boolean;
  disabled?: boolean;
  placeholder: string;
  /** The browser's user agent (tests pass a mobile one). */
  userAgent?: string;
}

/**
 * The input bar (document 1 §5): Enter sends, Shift+Enter types a new line, Enter never sends on mobile user agents;
 * the send button appears only for non-blank input; the text area grows up to 188 px. While a reply streams, Stop.
 */
export function ChatInput({ value, onChange, onSend, onStop, onAutopilot, accessory, streaming, disabled = false, placeholder, userAgent }: ChatInputProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const ua = userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);

  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.style.height = 'auto';
    if (area.scrollHeight > 0) area.style.height = `${textAreaHeight(area.scrollHeight, CHAT_LIMITS.textAreaMaxHeightPx)}px`;
  }, [value]);

  const submit = () => {
    if (disabled || streaming || !canSend(value)) return;
    onSend(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (shouldSendOnKey(event, ua)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Bar
      aria-label="Message"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {accessory}
      <Area
        ref={ref}
        rows={1}
        value={value}
        placeholder={placeholder}
        aria-label={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {streaming ? (
        <Button type="button" variant="secondary" size="sm" onClick={onStop} aria-label={CHAT_TEXTS.stop}>
          <StopIcon /> {CHAT_TEXTS.stop}
        </Button>
      ) : (
        <>
          {onAutopilot && !canSend(value) && (
            <Button type="button" variant="ghost" size="sm" onClick={onAutopilot} disabled={disabled} aria-label={CHAT_TEXTS.autopilot} title={CHAT_TEXTS.autopilot}>
              <SparkIcon />
            </Button>
          )}
          {canSend(value) && (
            <Button type="submit" size="sm" disabled={disabled} aria-label={CHAT_TEXTS.send}>
              <SendIcon />
            </Button>
          )}
        </>
      )}
    </Bar>
  );
}
