import { useMemo } from 'react';
import { apiErrorOf, EmptyState, NotFoundPage, selectUser, Spinner, useAppSelector, useParams, useSearchParams } from '@fable/shared';
import { GroupChatForm } from './GroupChatForm';
import { GroupChatPage } from './groupChatFormLayout';
import { progressFor } from './groupChatProgress';
import { GroupChatsGate } from './GroupChatsGate';
import { useCreator_getGroupChatQuery } from './groupChatsApi';
import { GROUP_CHAT_TEXTS as T } from './groupChatTexts';
import { emptyGroupChat, valuesOf } from './groupChatValues';

function NewGroupChat({ userId }: { userId: string }) {
  const initial = useMemo(() => emptyGroupChat(), []);
  // Back from the members page (or a reload after it): the form as it was, with the members chosen there.
  const restored = useMemo(() => progressFor(userId, null)?.values, [userId]);
  return (
    <GroupChatPage>
      <header className="page-head">
        <h1>{T.createTitle}</h1>
        <p>{T.lead}</p>
      </header>
      <GroupChatForm saved={null} initial={initial} restored={restored} />
    </GroupChatPage>
  );
}

function EditGroupChat({ characterId, userId, username }: { characterId: string; userId: string; username: string | null }) {
  const { data, error, isLoading } = useCreator_getGroupChatQuery(characterId);
  const initial = useMemo(() => (data ? valuesOf(data) : null), [data]);
  const restored = useMemo(() => progressFor(userId, characterId)?.values, [userId, characterId]);
  if (isLoading) return <Spinner label={T.loading} center />;
  if (error || !data || !initial) {
    const info = apiErrorOf(error);
    if (info.status === 404) return <NotFoundPage />;
    return (
      <GroupChatPage>
        <EmptyState headingLevel={1} title={info.status === 403 ? T.notAllowed : (info.message ?? T.failed)} />
      </GroupChatPage>
    );
  }
  // The group may be open to everyone; its edit form is its creator's only.
  if (data.creator_username !== username) {
    return (
      <GroupChatPage>
        <EmptyState headingLevel={1} title={T.notAllowed} />
      </GroupChatPage>
    );
  }
  return (
    <GroupChatPage>
      <header className="page-head">
        <h1>{T.editTitle}</h1>
      </header>
      <GroupChatForm key={data.id} saved={data} initial={initial} restored={restored} />
    </GroupChatPage>
  );
}

/** /groupchat/create (document 2 §2): a new group chat, behind the groupchat flag. */
export function CreateGroupChatPage() {
  const user = useAppSelector(selectUser);
  return <GroupChatsGate>{user ? <NewGroupChat key={user.id} userId={user.id} /> : <Spinner label="Loading" center />}</GroupChatsGate>;
}

/**
 * /groupchat/edit/{id}, and /groupchat/edit?id={id} (the spec's "editGroupchat/{id}"): the group chat form for its
 * creator; anyone else is told they may not; a group that does not exist, or no id, is the 404 page.
 */
export function EditGroupChatPage() {
  const user = useAppSelector(selectUser);
  const { characterId: fromPath } = useParams();
  const [search] = useSearchParams();
  const characterId = fromPath ?? search.get('id') ?? '';
  let page;
  if (!characterId) page = <NotFoundPage />;
  else if (!user) page = <Spinner label="Loading" center />;
  else page = <EditGroupChat key={`${user.id}:${characterId}`} characterId={characterId} userId={user.id} username={user.username} />;
  return <GroupChatsGate>{page}</GroupChatsGate>;
}
