import styled from '@emotion/styled';
import { useRef, type KeyboardEvent } from 'react';
import type { SubCharacter } from '@fable/contracts';
import { Avatar, SvgIcon } from '@fable/shared';
import { GROUP_TEXTS } from './groupTexts';

const Strip = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 0 0 10px;
`;

/** The members, scrolling sideways when they do not fit; Next stays in view at the end. */
const Members = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  flex: 1;
  min-width: 0;
  padding: 2px;
  overflow-x: auto;
  scrollbar-width: thin;
  /* The last pixels fade: a member cut at the edge reads as "more this way". */
  mask-image: linear-gradient(to right, #000 calc(100% - 20px), transparent);
`;

const Pick = styled.button<{ $next?: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  max-width: 200px;
  min-height: 40px;
  padding: 4px 14px 4px 4px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $next }) => ($next ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $next }) => ($next ? theme.colors.primarySoft : theme.colors.surface)};
  color: ${({ theme, $next }) => ($next ? theme.colors.primaryText : theme.colors.text)};
  font: inherit;
  font-size: 0.9rem;
  font-weight: ${({ $next }) => ($next ? 600 : 500)};
  cursor: pointer;
  ${({ $next }) => ($next ? 'padding-left: 14px; padding-right: 10px;' : '')}
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Auto = styled.p`
  margin: -4px 0 8px;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const NextIcon = () => (
  <SvgIcon aria-hidden>
    <path d="M5 12h14" />
    <path d="M13 6l6 6-6 6" />
  </SvgIcon>
);

export interface SpeakerStripProps {
  members: readonly SubCharacter[];
  /** A member (its id) or the group (AUTO) speaks next. */
  onPick: (memberId: string) => void;
  onNext: () => void;
  disabled: boolean;
  autoResponse: boolean;
}

/**
 * The sub-character quick-pick strip of a group chat (document 1 §2): each member's avatar and name (pressing one makes
 * that member reply next), and Next (the group chooses: sub-character id AUTO, §6). A toolbar: one tab stop, the
 * arrow keys, Home and End move between its buttons.
 */
export function SpeakerStrip({ members, onPick, onNext, disabled, autoResponse }: SpeakerStripProps) {
  const ref = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const to =
      event.key === 'ArrowRight' ? (at + 1) % buttons.length
      : event.key === 'ArrowLeft' ? (at - 1 + buttons.length) % buttons.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? buttons.length - 1
      : null;
    if (to === null) return;
    event.preventDefault();
    buttons.forEach((b, i) => (b.tabIndex = i === to ? 0 : -1));
    buttons[to]!.focus();
  };

  return (
    <>
      <Strip ref={ref} role="toolbar" aria-label={GROUP_TEXTS.strip} onKeyDown={onKeyDown}>
        <Members>
          {members.map((m, i) => (
            <Pick key={m.id} type="button" tabIndex={i === 0 ? 0 : -1} disabled={disabled} title={GROUP_TEXTS.speakNow(m.name)} onClick={() => onPick(m.id)}>
              <Avatar src={m.avatar_url ?? null} name={m.name} size="sm" />
              <span>{m.name}</span>
            </Pick>
          ))}
        </Members>
        <Pick type="button" $next tabIndex={members.length === 0 ? 0 : -1} disabled={disabled} title={GROUP_TEXTS.nextHint} onClick={onNext}>
          <span>{GROUP_TEXTS.next}</span>
          <NextIcon />
        </Pick>
      </Strip>
      {autoResponse && <Auto role="status">{GROUP_TEXTS.autoResponseOn}</Auto>}
    </>
  );
}
