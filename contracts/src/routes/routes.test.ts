import { defineRoute } from './route';
import { routes } from './routes';

describe('routes: links to the pages of other remotes', () => {
  it('builds paths with their parameters encoded', () => {
    expect(routes.chat({ characterId: 'c1' })).toBe('/chat/c1');
    expect(routes.chat({ characterId: 'a b/c?d' })).toBe('/chat/a%20b%2Fc%3Fd');
    expect(routes.chatbotProfile({ characterId: 'bot 1' })).toBe('/chatbot/bot%201');
    expect(routes.creator({ creatorUsername: 'ana#1' })).toBe('/creator/ana%231');
    expect(routes.editChatbot({ characterId: 'x' })).toBe('/chatbot/edit/x');
    expect(routes.lorebook({ id: 'l/1' })).toBe('/lorebook/l%2F1');
    expect(routes.reportCharacter({ characterId: 'c1' })).toBe('/report/c1');
  });

  it('builds parameterless paths as their pattern', () => {
    expect(routes.home()).toBe('/');
    expect(routes.subscribe()).toBe('/subscribe');
    expect(routes.compliance2257()).toBe('/2257');
    expect(routes.manageSubscription()).toBe('/manage-subscription');
  });

  it('adds the query parameters given, encoded, and leaves out the others', () => {
    expect(routes.editGroupchat({ id: 'g 1&x' })).toBe('/groupchat/edit?id=g%201%26x');
    expect(routes.editGroupchat({})).toBe('/groupchat/edit');
    expect(routes.editGroupchat()).toBe('/groupchat/edit');
    const two = defineRoute('/p/:a', ['x', 'y']);
    expect(two({ a: '1', y: 'b' })).toBe('/p/1?y=b');
    expect(two({ a: '1', x: 'a', y: 'b' })).toBe('/p/1?x=a&y=b');
  });

  it('exposes each pattern and fills in several parameters', () => {
    expect(routes.chat.pattern).toBe('/chat/:characterId');
    expect(routes.editGroupchat.query).toEqual(['id']);
    expect(defineRoute('/chat/:characterId/:conversationId')({ characterId: 'a', conversationId: 'b c' })).toBe('/chat/a/b%20c');
  });

  it('has every pattern start with a slash and fill in with no parameter left', () => {
    for (const [name, entry] of Object.entries(routes)) {
      expect({ name, starts: entry.pattern.startsWith('/') }).toEqual({ name, starts: true });
      const params = Object.fromEntries([...entry.pattern.matchAll(/:(\w+)/g)].map((m) => [m[1], 'v']));
      expect((entry as (p: Record<string, string>) => string)(params)).not.toContain(':');
    }
  });
});
