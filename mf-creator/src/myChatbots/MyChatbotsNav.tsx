import { LinkTabs } from '@fable/shared';
import { MY_CHATBOTS_TEXTS as T } from './myChatbotsTexts';

/**
 * The sections of My Chatbots (document 1 §2 "Tabs: chatbots, lorebooks (flag), groupchats (flag), and a Drafts tile"):
 * links, since each is a route of its own. Only sections with a page are listed; Lorebooks (/my-chatbots/lorebooks)
 * and Groupchats (/my-chatbots/groupchats) join when their pages exist. `current` is the page showing (the drafts have two
 * addresses); `drafts` is the number of drafts, if known.
 */
export function MyChatbotsNav({ current, drafts }: { current: 'chatbots' | 'drafts'; drafts?: number }) {
  return (
    <LinkTabs
      label={T.sections}
      current={current}
      items={[
        { id: 'chatbots', to: '/my-chatbots', label: T.chatbotsTab },
        { id: 'drafts', to: '/my-chatbots/drafts', label: T.draftsTab, count: drafts },
      ]}
    />
  );
}
