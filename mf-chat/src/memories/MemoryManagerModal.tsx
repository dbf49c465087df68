import styled from '@emotion/styled';
import { useState } from 'react';
import type { Memory } from '@fable/contracts';
import { apiErrorMessage, Button, ConfirmationModal, Modal, Spinner, useNotify } from '@fable/shared';
import { MemoryEditor } from './MemoryEditor';
import {
  orderedMemories,
  useChat_addMemoryMutation,
  useChat_memoriesInfiniteQuery,
  useChat_removeAllMemoriesMutation,
  useChat_removeMemoryMutation,
  useChat_updateMemoryMutation,
} from './memoriesApi';

/** Texts of the memory manager; the too-long text is the spec's (document 1 §5), the rest ours. */
export const MEMORY_TEXTS = {
  title: 'Memories',
  intro: 'Memories are facts the bot keeps in mind during this conversation. Pinned memories are always remembered.',
  newMemory: 'New memory',
  add: 'Add Memory',
  editMemory: 'Edit memory',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  edit: 'Edit',
  pin: 'Pin',
  unpin: 'Unpin',
  remove: 'Delete',
  pinned: 'Pinned',
  /** The memory's type (document 1 §3 memory_type): the member's own, or the conversation's. */
  manual: 'Manual',
  automatic: 'Automatic',
  loadMore: 'Load More',
  deleteAll: 'Delete All',
  empty: 'No memories yet.',
  loadError: 'We could not load the memories.',
  retry: 'Retry',
  deleteAllTitle: 'Delete All Memories',
  deleteAllMessage: 'Delete the memories of this conversation? This cannot be undone.',
  keepPinned: 'Keep pinned',
  keepManual: 'Keep manual',
  deleteAllConfirm: 'Delete',
} as const;

const Intro = styled.p`
  margin: 0 0 12px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const List = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Item = styled.li<{ $pinned: boolean }>`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $pinned }) => ($pinned ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
`;

const Content = styled.p`
  margin: 0 0 8px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
`;

const Badge = styled.span`
  margin-right: auto;
  display: inline-flex;
  gap: 6px;
  font-size: 0.75rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Checks = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-top: 12px;
  label {
    display: inline-flex;
    gap: 8px;
    align-items: center;
    cursor: pointer;
  }
  input {
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 12px;
`;

function MemoryItem({ conversationId, memory }: { conversationId: string; memory: Memory }) {
  const notify = useNotify();
  const [updateMemory, update] = useChat_updateMemoryMutation();
  const [removeMemory, remove] = useChat_removeMemoryMutation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(memory.content);
  const [serverError, setServerError] = useState<string | null>(null);

  const startEdit = () => {
    setDraft(memory.content);
    setServerError(null);
    setEditing(true);
  };

  const save = async () => {
    setServerError(null);
    const result = await updateMemory({ conversationId, memoryId: memory.id, content: draft });
    if ('error' in result) setServerError(apiErrorMessage(result.error));
    else setEditing(false);
  };

  const togglePin = async () => {
    const result = await updateMemory({ conversationId, memoryId: memory.id, is_pinned: !memory.is_pinned });
    if ('error' in result) notify.error(apiErrorMessage(result.error));
  };

  const removeIt = async () => {
    const result = await removeMemory({ conversationId, memoryId: memory.id });
    if ('error' in result) notify.error(apiErrorMessage(result.error));
  };

  if (editing) {
    return (
      <Item $pinned={memory.is_pinned}>
        <MemoryEditor
          label={MEMORY_TEXTS.editMemory}
          value={draft}
          original={memory.content}
          onChange={setDraft}
          onSubmit={() => void save()}
          onCancel={() => setEditing(false)}
          saving={update.isLoading}
          submitLabel={MEMORY_TEXTS.save}
          cancelLabel={MEMORY_TEXTS.cancel}
          serverError={serverError}
          focusOnMount
        />
      </Item>
    );
  }
  return (
    <Item $pinned={memory.is_pinned}>
      <Content>{memory.content}</Content>
      <Actions>
        <Badge>
          {memory.is_pinned ? <span>{MEMORY_TEXTS.pinned}</span> : null}
          <span>{memory.memory_type === 'other' ? MEMORY_TEXTS.automatic : MEMORY_TEXTS.manual}</span>
        </Badge>
        <Button size="sm" variant="ghost" onClick={() => void togglePin()} disabled={update.isLoading} aria-pressed={memory.is_pinned}>
          {memory.is_pinned ? MEMORY_TEXTS.unpin : MEMORY_TEXTS.pin}
        </Button>
        <Button size="sm" variant="ghost" onClick={startEdit}>
          {MEMORY_TEXTS.edit}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void removeIt()} disabled={remove.isLoading}>
          {MEMORY_TEXTS.remove}
        </Button>
      </Actions>
    </Item>
  );
}

function DeleteAllMemoriesModal(props: { conversationId: string; open: boolean; onClose: () => void }) {
  // Its choices live only while it is open: each opening starts with both unchecked.
  return props.open ? <OpenDeleteAllMemoriesModal {...props} /> : null;
}

function OpenDeleteAllMemoriesModal({ conversationId, open, onClose }: { conversationId: string; open: boolean; onClose: () => void }) {
  const [removeAll] = useChat_removeAllMemoriesMutation();
  const [keepPinned, setKeepPinned] = useState(false);
  const [keepManual, setKeepManual] = useState(false);
  return (
    <ConfirmationModal
      open={open}
      title={MEMORY_TEXTS.deleteAllTitle}
      message={MEMORY_TEXTS.deleteAllMessage}
      confirmLabel={MEMORY_TEXTS.deleteAllConfirm}
      destructive
      onClose={onClose}
      onConfirm={async () => {
        const result = await removeAll({ conversationId, keepPinned, keepManual });
        if ('error' in result) throw new Error(apiErrorMessage(result.error));
      }}
    >
      <Checks>
        <label>
          <input type="checkbox" checked={keepPinned} onChange={(event) => setKeepPinned(event.target.checked)} />
          {MEMORY_TEXTS.keepPinned}
        </label>
        <label>
          <input type="checkbox" checked={keepManual} onChange={(event) => setKeepManual(event.target.checked)} />
          {MEMORY_TEXTS.keepManual}
        </label>
      </Checks>
    </ConfirmationModal>
  );
}

export interface MemoryManagerModalProps {
  conversationId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Memories of a conversation (document 1 §4 "Memory"): pinned first then newest, Load More by last id, add (max 250
 * with a counter), edit (reverted on failure), pin/unpin, delete (restored on failure), Delete All (keep pinned, keep
 * manual). Add and save errors show the server's message.
 */
export function MemoryManagerModal({ conversationId, open, onClose }: MemoryManagerModalProps) {
  const memories = useChat_memoriesInfiniteQuery(conversationId, { skip: !open, refetchOnMountOrArgChange: true });
  const [addMemory, add] = useChat_addMemoryMutation();
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [deleteAllOpen, setDeleteAllOpen] = useState(false);
  const list = orderedMemories(memories.data?.pages);

  const submit = async () => {
    setAddError(null);
    const result = await addMemory({ conversationId, content: draft });
    if ('error' in result) setAddError(apiErrorMessage(result.error));
    else setDraft('');
  };

  let body;
  if (memories.isLoading) body = <Spinner label="Loading" center />;
  else if (memories.isError && list.length === 0)
    body = (
      <div role="alert">
        <p>{MEMORY_TEXTS.loadError}</p>
        <Button variant="secondary" onClick={() => void memories.refetch()}>
          {MEMORY_TEXTS.retry}
        </Button>
      </div>
    );
  else if (list.length === 0) body = <Intro>{MEMORY_TEXTS.empty}</Intro>;
  else
    body = (
      <>
        <List aria-label={MEMORY_TEXTS.title}>
          {list.map((memory) => (
            <MemoryItem key={memory.id} conversationId={conversationId} memory={memory} />
          ))}
        </List>
        {memories.hasNextPage ? (
          <Center>
            <Button variant="secondary" onClick={() => void memories.fetchNextPage()} loading={memories.isFetchingNextPage}>
              {MEMORY_TEXTS.loadMore}
            </Button>
          </Center>
        ) : null}
      </>
    );

  return (
    <>
      <Modal
        open={open && !deleteAllOpen}
        onClose={onClose}
        title={MEMORY_TEXTS.title}
        size="lg"
        footer={
          <>
            <Button variant="danger" onClick={() => setDeleteAllOpen(true)} disabled={list.length === 0}>
              {MEMORY_TEXTS.deleteAll}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {MEMORY_TEXTS.close}
            </Button>
          </>
        }
      >
        <Intro>{MEMORY_TEXTS.intro}</Intro>
        <MemoryEditor
          label={MEMORY_TEXTS.newMemory}
          value={draft}
          onChange={(value) => {
            setDraft(value);
            setAddError(null);
          }}
          onSubmit={() => void submit()}
          saving={add.isLoading}
          submitLabel={MEMORY_TEXTS.add}
          serverError={addError}
        />
        {body}
      </Modal>
      <DeleteAllMemoriesModal conversationId={conversationId} open={open && deleteAllOpen} onClose={() => setDeleteAllOpen(false)} />
    </>
  );
}

export default MemoryManagerModal;
