import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { EmptyState, NotFoundPage, VisuallyHidden } from '@fable/shared';
import { PROFILE_TEXTS } from './profileTexts';

const pulse = keyframes`50% { opacity: 0.45; }`;

const Skeleton = styled.div`
  display: grid;
  gap: 16px;
  .block {
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    animation: ${pulse} 1.4s ease-in-out infinite;
  }
  .hero {
    display: flex;
    gap: 20px;
    padding: 20px;
    border-radius: ${({ theme }) => theme.radius.lg};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  .avatar {
    flex: none;
    width: 160px;
    height: 160px;
    border-radius: ${({ theme }) => theme.radius.lg};
  }
  .lines {
    flex: 1;
    display: grid;
    align-content: start;
    gap: 12px;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    .hero {
      flex-direction: column;
      align-items: center;
    }
    .lines {
      width: 100%;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .block {
      animation: none;
    }
  }
`;

/** The profile's shape while it loads. */
export function ProfileSkeleton() {
  return (
    <Skeleton aria-busy="true" data-testid="profile-skeleton">
      <VisuallyHidden role="status">{PROFILE_TEXTS.loading}</VisuallyHidden>
      <div className="hero" aria-hidden="true">
        <div className="block avatar" />
        <div className="lines">
          <div className="block" style={{ height: 28, width: '45%' }} />
          <div className="block" style={{ height: 16, width: '80%' }} />
          <div className="block" style={{ height: 16, width: '30%' }} />
          <div className="block" style={{ height: 40, width: '60%' }} />
        </div>
      </div>
      <div className="block" style={{ height: 120 }} aria-hidden="true" />
      <div className="block" style={{ height: 180 }} aria-hidden="true" />
    </Skeleton>
  );
}


/** A private or missing chatbot (and any page this remote does not show here): the 404 page of document 1 §2. */
export const NotFoundState = NotFoundPage;

/** A failed load with Try Again (document 1 §8 search failure texts). */
export function LoadErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert">
      <EmptyState headingLevel={1} title={PROFILE_TEXTS.loadFailed} description={PROFILE_TEXTS.loadFailedHint} action={{ label: PROFILE_TEXTS.tryAgain, onClick: onRetry }} />
    </div>
  );
}
