import { http, HttpResponse } from 'msw';
import { API_BASE, chatCalls, ChatRequestSchema, type ChatMessage, type Conversation } from '@fable/contracts';
import { apiError, callerOf, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The demo model's answer: short, in character, and about what was said, as the API's demo engine does. */
export const mockReply = (characterName: string, said: string | undefined) =>
  said ? `*${characterName} considers your words.* "${said.slice(0, 60)}" — tell me more.` : `*${characterName} smiles.* Where were we?`;

/** The chat: models, conversations, their messages, and POST /chat streaming a reply as Server-Sent Events. */
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
      const conversation = userId ? (chat.conversation_id ? mine(userId, chat.conversation_id) : startConversation(userId, character.id)) : undefined;
      if (userId && !conversation) return noConversation();
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
      const userMessage = chat.message ? message('user', chat.message) : null;
      if (userMessage) messages.push(userMessage);
      const reply = message('assistant', mockReply(character.name, chat.message));
      messages.push(reply);
      if (conversation) conversation.message_count = messages.length;
      const words = reply.content.split(/(?<= )/);
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(sse('start', { conversation_id: conversationId, user_message: userMessage })));
          for (const text of words) controller.enqueue(encoder.encode(sse('token', { text })));
          controller.enqueue(encoder.encode(sse('done', { message: reply, conversation_id: conversationId, stopped: false })));
          controller.close();
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
    }),
  ];
}
