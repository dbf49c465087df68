import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { Avatar, Button, Dropdown, Link, type DropdownItem } from '@fable/shared';
import { CHAT_TEXTS } from './chatTexts';
import { BackIcon, ChipIcon, MoreIcon, ShareIcon, StarIcon, TranslateIcon } from './icons';

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 10px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  min-width: 0;
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  flex: 1;
  h1 {
    margin: 0;
    font-size: 1.1rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  a {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    &:hover,
    &:focus-visible {
      text-decoration: underline;
    }
  }
`;

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  flex: none;
  @media (max-width: 480px) {
    .wide-only {
      display: none;
    }
  }
`;

export interface ChatHeaderProps {
  name: string;
  avatarUrl: string | null;
  avatarNsfw: boolean;
  creatorUsername: string;
  onBack: () => void;
  onRate: (() => void) | null;
  onShare: (() => void) | null;
  onModels: () => void;
  /** Translate into the member's chat language (document 1 §6), when offered. */
  translate?: { label: string; onClick: () => void } | null;
  menu: readonly DropdownItem[];
}

/** The chat header (document 1 §2): back, bot avatar, name, @creator link, like/rate, share, model menu, options. */
export function ChatHeader({ name, avatarUrl, avatarNsfw, creatorUsername, onBack, onRate, onShare, onModels, menu, translate }: ChatHeaderProps) {
  return (
    <Bar>
      <Button variant="ghost" size="sm" aria-label={CHAT_TEXTS.back} onClick={onBack}>
        <BackIcon />
      </Button>
      <Avatar src={avatarUrl} name={name} size="md" nsfw={avatarNsfw} blur={avatarNsfw} />
      <Who>
        <h1>{name}</h1>
        <Link to={routes.creator({ creatorUsername })}>@{creatorUsername}</Link>
      </Who>
      <Tools>
        {onRate && (
          <Button variant="ghost" size="sm" aria-label={CHAT_TEXTS.rate} title={CHAT_TEXTS.rate} onClick={onRate}>
            <StarIcon />
          </Button>
        )}
        {onShare && (
          <Button className="wide-only" variant="ghost" size="sm" aria-label={CHAT_TEXTS.share} title={CHAT_TEXTS.share} onClick={onShare}>
            <ShareIcon />
          </Button>
        )}
        {translate && (
          // Wide screens only: narrow ones have it in the options menu, where the chatbot's name keeps its room.
          <Button className="wide-only" variant="ghost" size="sm" aria-label={translate.label} title={translate.label} onClick={translate.onClick}>
            <TranslateIcon />
          </Button>
        )}
        <Button variant="ghost" size="sm" aria-label={CHAT_TEXTS.model} title={CHAT_TEXTS.model} onClick={onModels}>
          <ChipIcon />
        </Button>
        <Dropdown label={<MoreIcon />} aria-label={CHAT_TEXTS.options} items={menu} align="end" variant="ghost" size="sm" showChevron={false} />
      </Tools>
    </Bar>
  );
}
