import { useMemo, useState } from 'react';
import { GROUP_CHAT_LIMITS as L, SEARCH_LIMITS, tooManyMembersText, type GroupMemberOption } from '@fable/contracts';
import { Button, EmptyState, SearchBox, selectUser, Spinner, ToolbarSelect, useAppSelector, useNavigate, useNotify } from '@fable/shared';
import { FormActions, FormSections } from '../ui/creatorFormLayout';
import { GroupChatPage } from './groupChatFormLayout';
import { createPath, readProgress, writeProgress, type GroupChatInProgress } from './groupChatProgress';
import { GroupChatsGate } from './GroupChatsGate';
import { useCreator_groupMemberOptionsQuery } from './groupChatsApi';
import { GROUP_CHAT_TEXTS as T } from './groupChatTexts';
import { emptyGroupChat, type GroupMember } from './groupChatValues';
import { MemberOptionRow, OptionList, type MemberOptionRowProps } from './MemberOptionRow';

type Option = MemberOptionRowProps['option'];

const memberOf = (option: GroupMemberOption): GroupMember => ({ id: option.id, name: option.name, avatar_url: option.avatar_url, visibility: option.visibility });

/** A member picked before that the options do not list now (a favourite no longer one): shown so it can be taken out. */
const optionOf = (member: GroupMember): Option => ({
  id: member.id,
  name: member.name,
  title: '',
  avatar_url: member.avatar_url ?? null,
  avatar_is_nsfw: false,
  visibility: member.visibility === 'public' || member.visibility === 'hidden' || member.visibility === 'permanently_private' ? member.visibility : 'private',
  creator_username: '',
  own: true,
});

/**
 * What the list shows: the options, the member's own first (the API's order within each); with no search, the members
 * picked before that the options leave out come first.
 */
export function listedOptions(options: readonly GroupMemberOption[], selected: readonly GroupMember[], search: string, source: MemberSource = 'explore'): Option[] {
  const own = options.filter((o) => o.own);
  const others = source === 'mine' ? [] : options.filter((o) => !o.own);
  const missing = search.trim() ? [] : selected.filter((m) => !options.some((o) => o.id === m.id)).map(optionOf);
  return [...missing, ...own, ...others];
}

/** The data-source dropdown (document 1 §2 "Explore / My Chatbots"): every chatbot offered, or the member's own. */
export type MemberSource = 'explore' | 'mine';
const SOURCES = [
  { value: 'explore', label: T.sourceExplore },
  { value: 'mine', label: T.sourceMine },
] as const;

function MembersPicker({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  // What the form passed along; opened on its own, the page starts a new group.
  const start = useMemo<GroupChatInProgress>(() => readProgress(userId) ?? { characterId: null, returnTo: createPath, values: emptyGroupChat() }, [userId]);
  const publicGroup = start.values.visibility === 'public';
  const [selected, setSelected] = useState<GroupMember[]>(start.values.members);
  const [search, setSearch] = useState('');
  const [source, setSource] = useState<MemberSource>('explore');
  const options = useCreator_groupMemberOptionsQuery(search);
  const listed = useMemo(() => listedOptions(options.data ?? [], selected, search, source), [options.data, selected, search, source]);

  // At the maximum, the other chatbots cannot be ticked (document 2 §6 "cannot exceed the maximum members"); the
  // toast's words stay in view instead of waiting for a click that does nothing.
  const full = selected.length >= L.maxMembers;
  const toggle = (option: Option) => {
    if (selected.some((m) => m.id === option.id)) setSelected(selected.filter((m) => m.id !== option.id));
    else if (full) notify.warning(tooManyMembersText());
    else setSelected([...selected, memberOf(option as GroupMemberOption)]);
  };
  const save = () => {
    writeProgress(userId, { ...start, values: { ...start.values, members: selected } });
    void navigate(start.returnTo, { replace: true });
  };
  const cancel = () => void navigate(start.returnTo, { replace: true });

  let body;
  if (options.isLoading) body = <Spinner label={T.loadingOptions} center />;
  else if (options.isError) body = <EmptyState title={T.optionsFailed} action={{ label: T.tryAgain, onClick: () => void options.refetch() }} />;
  else if (listed.length === 0) body = <EmptyState title={T.noOptions} description={T.noOptionsHint} />;
  else {
    body = (
      <>
      {full ? <p role="status" className="members-full">{tooManyMembersText()}</p> : null}
      <OptionList aria-label={T.optionsLabel} aria-busy={options.isFetching || undefined}>
        {listed.map((option) => (
          <MemberOptionRow
            key={option.id}
            option={option}
            checked={selected.some((m) => m.id === option.id)}
            unavailable={publicGroup && option.visibility !== 'public'}
            full={full}
            onToggle={() => toggle(option)}
          />
        ))}
      </OptionList>
      </>
    );
  }

  return (
    <GroupChatPage>
      <header className="page-head">
        <h1>{T.membersTitle}</h1>
        <p>{T.membersLead}</p>
      </header>
      <FormSections>
        <div className="search-row">
          <SearchBox value={search} onCommit={setSearch} debounceMs={SEARCH_LIMITS.searchDebounceMs} label={T.searchLabel} placeholder={T.searchPlaceholder} maxLength={100} />
          <ToolbarSelect label={T.sourceLabel} value={source} options={SOURCES} onChange={setSource} labelPosition="beside" />
        </div>
        {body}
      </FormSections>
      <FormActions>
        <span role="status" aria-live="polite" className="selected-count">
          {T.selected(selected.length)}
        </span>
        <Button variant="secondary" className="push" onClick={cancel}>
          {T.cancel}
        </Button>
        <Button onClick={save}>{T.save}</Button>
      </FormActions>
    </GroupChatPage>
  );
}

/**
 * /groupchat/create/members (document 2 §2, §5): the chatbots the member may add (their own first, a search box),
 * each with a checkbox, the count of the 10 ("You can't add more than 10 chatbots." past it); in a public group only
 * public chatbots. Save goes back to the form (create or edit) with the selection; Cancel goes back unchanged.
 */
export function MembersPage() {
  const user = useAppSelector(selectUser);
  return <GroupChatsGate>{user ? <MembersPicker key={user.id} userId={user.id} /> : <Spinner label="Loading" center />}</GroupChatsGate>;
}
