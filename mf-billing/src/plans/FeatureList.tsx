import styled from '@emotion/styled';
import { CheckIcon } from '../ui/icons';

/** A feature as a plan lists it: its label and, when it has one, the page that tells more. */
export interface ListedFeature {
  title: string;
  url?: string;
}

const List = styled('ul', { shouldForwardProp: (prop) => prop !== 'gap' })<{ gap: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ gap }) => gap}px;
  flex: 1;
  li {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    line-height: 1.35;
  }
  li svg {
    flex: none;
    color: ${({ theme }) => theme.colors.success};
  }
  .includes {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

export interface FeatureListProps {
  /** The list's accessible name ("<plan> features"). */
  label: string;
  /** The "Everything in <lower tier>, plus:" line, null for the lowest tier. */
  includes: string | null;
  features: readonly ListedFeature[];
  /** Space between the lines, in pixels. */
  gap?: number;
}

/**
 * A plan's features (document 2 §1, §2): the lower tier it includes, then each feature with a check mark (a link when
 * the feature has a page). The subscribe page's plan cards and the crypto page's share it.
 */
export function FeatureList({ label, includes, features, gap = 8 }: FeatureListProps) {
  return (
    <List aria-label={label} gap={gap}>
      {includes ? <li className="includes">{includes}</li> : null}
      {features.map((feature) => (
        <li key={feature.title}>
          <CheckIcon size={18} />
          <span>{feature.url ? <a href={feature.url}>{feature.title}</a> : feature.title}</span>
        </li>
      ))}
    </List>
  );
}
