import { api } from '@fable/shared';
import { callPath, type Memory } from '@fable/contracts';
import { CHAT_CALLS } from '../chatApi';

/**
 * Conversation memories (document 1 §4 "Memory", §7): GET conversations/:id/memories[?last_id], POST with content,
 * PUT memories/:id (content or is_pinned), DELETE memories/:id, DELETE conversations/:id/memories[?keep_pinned_memories=1
 * &keep_user_memories=1]. Edits and deletes are optimistic: an edit failure reverts, a delete failure restores.
 */
export interface MemoriesPage {
  memories: Memory[];
  has_more: boolean;
}

/** The next cursor: the entry flagged is_last_id, else the last entry; undefined when no more. */
export function nextMemoriesCursor(page: MemoriesPage): string | undefined {
  if (!page.has_more || page.memories.length === 0) return undefined;
  const flagged = page.memories.find((m) => m.is_last_id);
  return (flagged ?? page.memories[page.memories.length - 1])?.id;
}

/** Pinned first, then newest (document 1 §4). */
export function compareMemories(a: Pick<Memory, 'is_pinned' | 'createdAt'>, b: Pick<Memory, 'is_pinned' | 'createdAt'>): number {
  if (a.is_pinned !== b.is_pinned) return a.is_pinned ? -1 : 1;
  return b.createdAt.localeCompare(a.createdAt);
}

/** Every loaded memory once, in the manager's order. */
export function orderedMemories(pages: readonly MemoriesPage[] | undefined): Memory[] {
  const seen = new Set<string>();
  const list: Memory[] = [];
  for (const page of pages ?? []) {
    for (const memory of page.memories) {
      if (seen.has(memory.id)) continue;
      seen.add(memory.id);
      list.push(memory);
    }
  }
  return list.sort(compareMemories);
}

export interface RemoveAllMemoriesArgs {
  conversationId: string;
  keepPinned: boolean;
  keepManual: boolean;
}

const memoryTag = (conversationId: string) => ({ type: 'Memory' as const, id: conversationId });

export const memoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_memories: build.infiniteQuery<MemoriesPage, string, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => nextMemoriesCursor(lastPage),
      },
      query: ({ queryArg: conversationId, pageParam }) => ({
        url: callPath(CHAT_CALLS.memories.path, { conversationId }),
        method: CHAT_CALLS.memories.method,
        params: pageParam ? { last_id: pageParam } : undefined,
      }),
      providesTags: (_result, _error, conversationId) => [memoryTag(conversationId)],
    }),
    chat_addMemory: build.mutation<Memory, { conversationId: string; content: string }>({
      query: ({ conversationId, content }) => ({
        url: callPath(CHAT_CALLS.addMemory.path, { conversationId }),
        method: CHAT_CALLS.addMemory.method,
        body: { content: content.trim() },
      }),
      async onQueryStarted({ conversationId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            memoriesApi.util.updateQueryData('chat_memories', conversationId, (draft) => {
              const first = draft.pages[0];
              if (first) first.memories.unshift(data);
              else {
                draft.pages.push({ memories: [data], has_more: false });
                draft.pageParams.push('');
              }
            }),
          );
        } catch {
          // the form shows the server's message
        }
      },
    }),
    chat_updateMemory: build.mutation<Memory, { conversationId: string; memoryId: string; content?: string; is_pinned?: boolean }>({
      query: ({ memoryId, content, is_pinned }) => ({
        url: callPath(CHAT_CALLS.updateMemory.path, { memoryId }),
        method: CHAT_CALLS.updateMemory.method,
        body: { ...(content !== undefined ? { content: content.trim() } : {}), ...(is_pinned !== undefined ? { is_pinned } : {}) },
      }),
      async onQueryStarted({ conversationId, memoryId, content, is_pinned }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          memoriesApi.util.updateQueryData('chat_memories', conversationId, (draft) => {
            for (const page of draft.pages) {
              const memory = page.memories.find((m) => m.id === memoryId);
              if (!memory) continue;
              if (content !== undefined) memory.content = content.trim();
              if (is_pinned !== undefined) memory.is_pinned = is_pinned;
            }
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    chat_removeMemory: build.mutation<{ ok: true }, { conversationId: string; memoryId: string }>({
      query: ({ memoryId }) => ({
        url: callPath(CHAT_CALLS.removeMemory.path, { memoryId }),
        method: CHAT_CALLS.removeMemory.method,
      }),
      async onQueryStarted({ conversationId, memoryId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          memoriesApi.util.updateQueryData('chat_memories', conversationId, (draft) => {
            for (const page of draft.pages) page.memories = page.memories.filter((m) => m.id !== memoryId);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    chat_removeAllMemories: build.mutation<{ removed: number }, RemoveAllMemoriesArgs>({
      query: ({ conversationId, keepPinned, keepManual }) => ({
        url: callPath(CHAT_CALLS.removeAllMemories.path, { conversationId }),
        method: CHAT_CALLS.removeAllMemories.method,
        params: { ...(keepPinned ? { keep_pinned_memories: '1' } : {}), ...(keepManual ? { keep_user_memories: '1' } : {}) },
      }),
      invalidatesTags: (result, _error, { conversationId }) => (result ? [memoryTag(conversationId)] : []),
    }),
  }),
});

export const {
  useChat_memoriesInfiniteQuery,
  useChat_addMemoryMutation,
  useChat_updateMemoryMutation,
  useChat_removeMemoryMutation,
  useChat_removeAllMemoriesMutation,
} = memoriesApi;
