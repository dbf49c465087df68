import styled from '@emotion/styled';
import { Link } from '@fable/shared';
import { MY_CHATBOTS_TEXTS as T } from './myChatbotsTexts';

const Nav = styled.nav`
  ul {
    display: flex;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
    overflow-x: auto;
    scrollbar-width: none;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  a {
    position: relative;
    display: inline-flex;
    align-items: center;
    gap: 8px;
    padding: 10px 14px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    text-decoration: none;
    white-space: nowrap;
    border-radius: ${({ theme }) => `${theme.radius.sm} ${theme.radius.sm} 0 0`};
  }
  a:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
  }
  a[aria-current='page']::after {
    content: '';
    position: absolute;
    left: 8px;
    right: 8px;
    bottom: -1px;
    height: 3px;
    border-radius: 3px 3px 0 0;
    background: ${({ theme }) => theme.colors.primary};
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: -2px;
  }
  .count {
    min-width: 20px;
    padding: 1px 7px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryText};
    font-size: 0.75rem;
    text-align: center;
  }
`;

/**
 * The sections of My Chatbots (document 1 §2 "Tabs: chatbots, lorebooks (flag), groupchats (flag), and a Drafts tile"):
 * links, since each is a route of its own. Only sections with a page are listed; Lorebooks (/my-chatbots/lorebooks)
 * and Groupchats (/my-chatbots/groupchats) join when their pages exist. `current` is the page showing (the drafts have two
 * addresses); `drafts` is the number of drafts, if known.
 */
export function MyChatbotsNav({ current, drafts }: { current: 'chatbots' | 'drafts'; drafts?: number }) {
  const here = (section: typeof current) => (section === current ? ('page' as const) : undefined);
  return (
    <Nav aria-label={T.sections}>
      <ul>
        <li>
          <Link to="/my-chatbots" aria-current={here('chatbots')}>
            {T.chatbotsTab}
          </Link>
        </li>
        <li>
          <Link to="/my-chatbots/drafts" aria-current={here('drafts')}>
            {T.draftsTab}
            {drafts ? <span className="count">{drafts}</span> : null}
          </Link>
        </li>
      </ul>
    </Nav>
  );
}
