import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { memo, useId, useMemo, useRef } from 'react';
import { abbreviateCount, CardLink, CardSurface, Dropdown, Link, VisuallyHidden, type DropdownItem } from '@fable/shared';
import type { CharacterSummary } from '../discoveryApi';
import { shouldBlurAvatar } from '../viewer/nsfwRules';
import { characterPath, useCardActions } from './CardActions';
import { CardImage } from './CardImage';
import { CARD_TEXTS } from './cardTexts';
import { HeartIcon, MessageIcon, MoreIcon, ThumbIcon } from './icons';
import { useTouchHighlight } from './useTouchHighlight';

/** Tags shown on a card; the profile shows them all. */
const CARD_TAGS = 3;

const Root = styled(CardSurface)`
  &:hover,
  &[data-highlighted='true'],
  &:focus-within {
    z-index: 1;
  }
  &:hover .card-image img:not([data-blurred='true']),
  &[data-highlighted='true'] .card-image img:not([data-blurred='true']) {
    transform: scale(1.04);
  }
  .body {
    display: flex;
    flex-direction: column;
    gap: 4px;
    flex: 1;
    min-width: 0;
    padding: 10px 10px 12px;
  }
  h3 {
    font-size: 0.98rem;
  }
  .title {
    font-size: 0.84rem;
  }
  /* The name's CardLink covers the whole card; the creator link and the menu sit above it. */
  .creator {
    position: relative;
    z-index: 1;
    align-self: flex-start;
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: none;
  }
  .creator:hover,
  .creator:focus-visible {
    text-decoration: underline;
  }
  .tags {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 2px 0 0;
    padding: 0;
    list-style: none;
  }
  .tags li {
    max-width: 100%;
    padding: 2px 8px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.72rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .stats {
    display: flex;
    gap: 12px;
    margin-top: auto;
    padding-top: 6px;
    font-size: 0.78rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .stats span {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .badges {
    position: absolute;
    right: 48px;
    top: 8px;
    display: flex;
    gap: 4px;
    pointer-events: none;
  }
  .badges span {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 2px 8px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: rgba(0, 0, 0, 0.6);
    color: #fff;
    font-size: 0.7rem;
    font-weight: 700;
  }
  .menu {
    position: absolute;
    top: 6px;
    right: 6px;
    z-index: 2;
  }
  .menu > button {
    width: 34px;
    height: 34px;
    padding: 0;
    border-radius: 50%;
    background: rgba(0, 0, 0, 0.55);
    color: #fff;
  }
`;

function percent(score: number | null | undefined): number | null {
  return typeof score === 'number' && Number.isFinite(score) ? Math.round(score * 100) : null;
}

export interface CharacterCardProps {
  character: CharacterSummary;
  /** A label on the picture ("For you" on recommendations injected into the listing). */
  badge?: string;
}

/**
 * A character card (document 1 §2 "Cards"): picture (NSFW avatars blurred by the §6 rules), name and title linking
 * to the profile (/chatbot/{id}, /groupchat/{id} for group chats), @creator link to the creator page, tags, message
 * count and rating percent, and the actions menu. Everything the user wrote is rendered as text.
 */
export const CharacterCard = memo(function CharacterCard({ character, badge }: CharacterCardProps) {
  const actions = useCardActions();
  const { viewer } = actions;
  const ref = useRef<HTMLElement>(null);
  const highlighted = useTouchHighlight(ref);
  const nameId = useId();
  const language = viewer.settings?.chatLanguage;
  const name = (language && character.name_i18n?.[language]) || character.name;
  const title = (language && character.title_i18n?.[language]) || character.title;
  const blurred = shouldBlurAvatar(character, viewer);
  const liked = actions.isLiked(character.id);
  const own = actions.isOwn(character);
  const rating = percent(character.rating_score);
  const messages = abbreviateCount(character.num_messages);

  const items = useMemo(() => {
    const list: DropdownItem[] = [];
    // Creators see their own bots without like or block (document 1 §6).
    if (!own) list.push({ id: 'like', label: liked ? CARD_TEXTS.unlike : CARD_TEXTS.like, onSelect: () => void actions.toggleLike(character) });
    if (viewer.signedIn && !own) list.push({ id: 'less', label: CARD_TEXTS.lessLikeThis, onSelect: () => void actions.lessLikeThis(character) });
    if (!actions.shareHidden && (character.visibility === 'public' || character.visibility === 'hidden')) {
      list.push({ id: 'share', label: CARD_TEXTS.share, onSelect: () => void actions.share(character) });
    }
    if (!actions.reportHidden && !own) {
      list.push({ id: 'report', label: CARD_TEXTS.report, to: routes.reportCharacter({ characterId: character.id }), onSelect: () => actions.reported(character) });
    }
    if (viewer.signedIn && !own) list.push({ id: 'block', label: CARD_TEXTS.blockCreator, onSelect: () => actions.askBlock(character) });
    return list;
  }, [own, liked, viewer.signedIn, actions, character]);

  return (
    <Root ref={ref} aria-labelledby={nameId} data-highlighted={highlighted} data-testid="character-card">
      <CardImage src={character.avatar_url} name={name} nsfw={character.is_nsfw || character.avatar_is_nsfw} blurred={blurred} />
      {badge || liked || character.type === 'group' ? (
        <div className="badges">
          {badge ? <span>{badge}</span> : null}
          {character.type === 'group' ? <span>{CARD_TEXTS.group}</span> : null}
          {liked ? (
            <span title={CARD_TEXTS.liked}>
              <HeartIcon filled />
              <VisuallyHidden>{CARD_TEXTS.liked}</VisuallyHidden>
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="body">
        <h3 id={nameId}>
          <CardLink to={characterPath(character)} onClick={() => actions.opened(character)}>
            {name}
          </CardLink>
        </h3>
        {title ? <p className="title">{title}</p> : null}
        <Link className="creator" to={`/creator/${encodeURIComponent(character.creator_username)}`}>
          @{character.creator_username}
        </Link>
        {character.tags.length > 0 ? (
          <ul className="tags" aria-label="Tags">
            {character.tags.slice(0, CARD_TAGS).map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
        <div className="stats">
          <span>
            <MessageIcon />
            <span aria-hidden="true">{messages}</span>
            <VisuallyHidden>{CARD_TEXTS.messages(messages)}</VisuallyHidden>
          </span>
          {rating !== null ? (
            <span>
              <ThumbIcon />
              <span aria-hidden="true">{rating}%</span>
              <VisuallyHidden>{CARD_TEXTS.rating(rating)}</VisuallyHidden>
            </span>
          ) : null}
        </div>
      </div>
      {items.length > 0 ? (
        <Dropdown
          className="menu"
          label={<MoreIcon />}
          aria-label={CARD_TEXTS.actions(name)}
          items={items}
          align="end"
          variant="ghost"
          size="sm"
          showChevron={false}
        />
      ) : null}
    </Root>
  );
});
