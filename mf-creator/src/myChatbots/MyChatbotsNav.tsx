import { LinkTabs, selectFeatureOn, selectFlag, useAppSelector } from '@fable/shared';
import { useGroupChatsEnabled } from '../groupChats/GroupChatsGate';
import { MY_CHATBOTS_TEXTS as T } from './myChatbotsTexts';

/** A section of My Chatbots, each a route of its own. */
export type MyChatbotsSection = 'chatbots' | 'drafts' | 'lorebooks' | 'groupchats';

/**
 * The sections of My Chatbots (document 1 §2 "Tabs: chatbots, lorebooks (flag), groupchats (flag), and a Drafts tile"):
 * links, since each is a route of its own. Only sections with a page are listed: Lorebooks (/my-chatbots/lorebooks)
 * behind the lorebook flag (document 2 §2 LOREBOOK_V1); Groupchats (/my-chatbots/groupchats) behind the groupchat
 * flag. `current` is the page showing (the drafts have two addresses); `drafts` is the number of drafts, if known.
 * The Drafts tile is My Chatbots v2's (my_chatbots_v2): v1 shows it only on the drafts page itself (its address still
 * works, and Save Draft keeps its own address).
 */
export function MyChatbotsNav({ current, drafts }: { current: MyChatbotsSection; drafts?: number }) {
  const lorebooks = useAppSelector((state) => selectFlag(state, 'lorebook'));
  const groupchats = useGroupChatsEnabled();
  const draftsTile = useAppSelector((state) => selectFeatureOn(state, 'my_chatbots_v2')) || current === 'drafts';
  return (
    <LinkTabs
      label={T.sections}
      current={current}
      items={[
        { id: 'chatbots', to: '/my-chatbots', label: T.chatbotsTab },
        ...(lorebooks ? [{ id: 'lorebooks', to: '/my-chatbots/lorebooks', label: T.lorebooksTab }] : []),
        ...(groupchats ? [{ id: 'groupchats', to: '/my-chatbots/groupchats', label: T.groupchatsTab }] : []),
        ...(draftsTile ? [{ id: 'drafts', to: '/my-chatbots/drafts', label: T.draftsTab, count: drafts }] : []),
      ]}
    />
  );
}
