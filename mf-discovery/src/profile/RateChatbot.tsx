import styled from '@emotion/styled';
import { useId, useState } from 'react';
import type { CharacterProfile, ChatbotRating } from '@fable/contracts';
import { Button, Modal, selectIsSignedIn, signInRequested, useAppDispatch, useAppSelector, useLocation, useNotify } from '@fable/shared';
import { useCharacters_rateMutation } from '@fable/shared/characters';
import { LoveIcon, StarIcon, ThumbDownIcon, ThumbUpIcon } from './icons';
import { PROFILE_TEXTS, RATING_CHOICES, ratingLabel } from './profileTexts';

const Choices = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  legend {
    margin-bottom: 12px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .options {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 8px;
  }
  label {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 6px;
    padding: 14px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    font-weight: 600;
    cursor: pointer;
  }
  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  label:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
  label {
    position: relative;
  }
  .icon {
    display: inline-flex;
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

/**
 * Rate: a member picks Dislike, Like or Love in the Rate Chatbot dialog; Done is disabled while nothing is chosen or
 * the choice is the current rating (document 1 §4 "Rating box"). Guests are asked to sign in.
 */
export function RateChatbot({ profile }: { profile: CharacterProfile }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const { pathname } = useLocation();
  const name = useId();
  const [rate, { isLoading }] = useCharacters_rateMutation();
  const current = signedIn ? profile.viewer.rating : null;
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ChatbotRating | null>(current);

  const openDialog = () => {
    if (!signedIn) {
      dispatch(signInRequested({ returnTo: pathname }));
      return;
    }
    setChoice(current);
    setOpen(true);
  };

  const submit = async () => {
    if (choice === null) return;
    const result = await rate({ characterId: profile.id, rating: choice });
    if (result.error) {
      notify.error(PROFILE_TEXTS.ratingFailed);
      return;
    }
    notify.success(PROFILE_TEXTS.ratingSubmitted);
    setOpen(false);
  };

  return (
    <>
      <Button variant="secondary" onClick={openDialog} aria-haspopup="dialog">
        <StarIcon />
        {current ? PROFILE_TEXTS.rated(ratingLabel(current)) : PROFILE_TEXTS.rate}
      </Button>
      <Modal
        open={open}
        onClose={() => !isLoading && setOpen(false)}
        title={PROFILE_TEXTS.rateTitle}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={isLoading}>
              {PROFILE_TEXTS.cancel}
            </Button>
            <Button onClick={() => void submit()} disabled={choice === null || choice === current} loading={isLoading}>
              {PROFILE_TEXTS.done}
            </Button>
          </>
        }
      >
        <Choices>
          <legend>{PROFILE_TEXTS.rateQuestion}</legend>
          <div className="options">
            {RATING_CHOICES.map((option) => (
              <label key={option.value}>
                <input type="radio" name={name} value={option.value} checked={choice === option.value} onChange={() => setChoice(option.value)} />
                <span className="icon">{option.value === 1 ? <ThumbDownIcon /> : option.value === 3 ? <ThumbUpIcon /> : <LoveIcon />}</span>
                {option.label}
              </label>
            ))}
          </div>
        </Choices>
      </Modal>
    </>
  );
}
