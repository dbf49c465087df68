import { http, HttpResponse } from 'msw';
import { API_BASE, chatCalls, ChatRequestSchema, GROUP_CHAT_LIMITS, type CharacterProfile, type ChatMessage, type Conversation, type SubCharacter } from '@fable/contracts';
import { chooseSpeaker } from '@fable/rules/group';
import { apiError, callerOf, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The demo model's answer: short, in character, and about what was said, as the API's demo engine does. */
export const mockReply = (characterName: string, said: string | undefined) =>
  said ? `*${characterName} considers your words.* "${said.slice(0, 60)}" — tell me more.` : `*${characterName} smiles.* Where were we?`;

const AUTO = GROUP_CHAT_LIMITS.autoSubCharacterId;

/**
 * Who answers in a group chat: the API's rule (@fable/rules/group chooseSpeaker: the member asked for; else AUTO's
 * pickSpeaker on the conversation and the user's new message), over the group's members as its profile holds them.
 * The mock turns the rule's refusals into the API's errors.
 */
function groupSpeaker(members: readonly SubCharacter[], asked: string | undefined, lines: readonly ChatMessage[], said: string | undefined) {
  return chooseSpeaker(members, {
    ask: said ? { mode: 'message', text: said } : { mode: 'next' },
    asked: asked === undefined || asked === AUTO ? null : asked,
    lines: lines.map((l) => ({ role: l.role, speaker: l.character_id ?? null, content: l.content })),
  });
}

const isGroup = (c: CharacterProfile) => c.type === 'group';

/** The chat: models, conversations, their messages, and POST /chat streaming a reply as Server-Sent Events (group chats: one member per reply). */
export function chatHandlers(db: MockDb) {
  const mine = (userId: string | null, conversationId: string) => {
    const conversation = db.conversations.get(conversationId);
    return conversation && conversation.user_id === userId ? conversation : undefined;
  };
  const noConversation = () => apiError(404, 'conversation_not_found', 'This conversation does not exist.');
  const publicOf = ({ user_id: _, ...conversation }: Conversation & { user_id: string }): Conversation => conversation;
  const list = (userId: string | null, characterId?: string) => ({
    conversations: [...db.conversations.values()]
      .filter((c) => c.user_id === userId && (!characterId || c.character_id === characterId))
      .reverse()
      .map(publicOf),
    has_more: false,
  });
  const startConversation = (userId: string, characterId: string): Conversation & { user_id: string } => {
    const character = db.characters.get(characterId)!;
    const conversation = {
      id: db.nextId('conv'),
      user_id: userId,
      character_id: characterId,
      character: { name: character.name, title: character.title, avatar_url: character.avatar_url, avatar_is_nsfw: character.avatar_is_nsfw },
      label: null,
      message_count: 0,
    };
    db.conversations.set(conversation.id, conversation);
    db.messages.set(conversation.id, []);
    return conversation;
  };
  return [
    contractRoute(chatCalls.models, () => ({
      models: [{ id: 'demo', name: 'Demo', tokens: '8K', hide_unauthorized: false, available: true, demo: true }],
      default_model: 'demo',
    })),
    contractRoute(chatCalls.conversations, ({ userId }) => list(userId)),
    contractRoute(chatCalls.characterConversations, ({ userId, params }) => list(userId, params.characterId)),
    contractRoute(chatCalls.createConversation, ({ userId, params }) =>
      db.characters.has(params.characterId) ? { id: startConversation(userId!, params.characterId).id } : apiError(404, 'character_not_found', 'This chatbot does not exist or is private.'),
    ),
    contractRoute(chatCalls.messages, ({ userId, params }) => {
      const conversation = mine(userId, params.conversationId);
      if (!conversation) return noConversation();
      return { messages: db.messages.get(conversation.id) ?? [], has_more: false, conversation: publicOf(conversation) };
    }),
    contractRoute(chatCalls.renameConversation, ({ userId, params, body }) => {
      const conversation = mine(userId, params.conversationId);
      if (!conversation) return noConversation();
      conversation.label = body.label;
      return { result: { label: body.label } };
    }),
    contractRoute(chatCalls.removeConversation, ({ userId, params }) => {
      if (!mine(userId, params.conversationId)) return noConversation();
      db.conversations.delete(params.conversationId);
      db.messages.delete(params.conversationId);
      return { ok: true as const };
    }),
    // POST /chat answers a stream, which a contract's response schema does not describe: its body is still checked.
    http.post(`${API_BASE}${chatCalls.chat.path}`, async ({ request }) => {
      const parsed = ChatRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return apiError(400, 'validation_error', parsed.error.issues.map((i) => i.message).join('; '));
      const chat = parsed.data;
      const character = db.characters.get(chat.character_id);
      if (!character) return apiError(404, 'character_not_found', 'This chatbot does not exist or is private.');
      const userId = callerOf(request);
      const asksConversation = chat.conversation_id !== undefined && chat.conversation_id !== 'new';
      const existing = userId && asksConversation ? mine(userId, chat.conversation_id!) : undefined;
      if (userId && asksConversation && !existing) return noConversation();
      const said = chat.message?.trim() || undefined;
      // A group chat: one member speaks; a member's turn may come without a message (the strip, Next).
      let speaker: SubCharacter | null = null;
      if (isGroup(character)) {
        const lines: ChatMessage[] = existing
          ? db.messages.get(existing.id)!
          : (chat.history ?? []).map((h, i) => ({ ...h, id: `h${i}`, prev_id: null, is_alternative: false, createdAt: '', conversation_id: 'guest' }));
        const members = character.sub_characters ?? [];
        const picked = groupSpeaker(members, chat.sub_character_id, lines, said);
        if ('refused' in picked) {
          return picked.refused === 'not_a_member'
            ? apiError(400, 'sub_character_not_member', 'This chatbot is not a member of this group chat.')
            : apiError(409, 'group_without_members', 'None of the chatbots of this group chat can answer right now.');
        }
        speaker = members.find((m) => m.id === picked.speaker)!;
      } else if (chat.sub_character_id && chat.sub_character_id !== AUTO) {
        return apiError(400, 'not_a_group_chat', 'Only a group chat has members to pick: send a message to this chatbot instead.');
      }
      if (!said && !(speaker && chat.sub_character_id)) return apiError(400, 'bad_request', 'message is required');
      const conversation = userId ? (existing ?? startConversation(userId, character.id)) : undefined;
      const messages = conversation ? db.messages.get(conversation.id)! : [];
      const now = new Date().toISOString();
      const conversationId = conversation?.id ?? null;
      const message = (role: 'user' | 'assistant', content: string): ChatMessage => ({
        id: db.nextId('msg'),
        role,
        content,
        prev_id: messages.at(-1)?.id ?? null,
        is_alternative: false,
        createdAt: now,
        conversation_id: conversationId ?? 'guest',
      });
      const userMessage = said ? message('user', chat.message!) : null;
      if (userMessage) messages.push(userMessage);
      const reply = { ...message('assistant', mockReply(speaker?.name ?? character.name, said)), ...(speaker ? { character_id: speaker.id } : {}) };
      messages.push(reply);
      if (conversation) conversation.message_count = messages.length;
      const words = reply.content.split(/(?<= )/);
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          // As the API: a group chat's start names the member who speaks (ChatStreamStartSchema.character_id).
          controller.enqueue(encoder.encode(sse('start', { conversation_id: conversationId, user_message: userMessage, ...(speaker ? { character_id: speaker.id } : {}) })));
          for (const text of words) controller.enqueue(encoder.encode(sse('token', { text })));
          controller.enqueue(encoder.encode(sse('done', { message: reply, conversation_id: conversationId, stopped: false })));
          controller.close();
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
    }),
  ];
}
