import { GROUP_CHAT_LIMITS, groupChatCalls, type GroupMemberOption } from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import type { TestApp } from '../../testing/testApp';
import { characterRow, insertCharacterRow } from '../characters/testing/characterRowFixture';
import { call, chatbotTestApp, createChatbot, signUpMember, uniqueWord, type Member } from '../moderation/testing/chatbotTestKit';
import { decide } from './testing/groupChatTestKit';

describe.each(BACKENDS)('GET /groupchats/member-options on %s', (backend) => {
  const kit = chatbotTestApp(backend, ['picker', 'maker', 'blocked']);
  let t: TestApp;
  let picker: Member;
  let maker: Member;
  let blocked: Member;
  let admin: Member;
  beforeAll(() => {
    ({ t, admin, members: { picker, maker, blocked } } = kit);
  });

  const options = async (member: Member, query?: string) => {
    const url = query === undefined ? '/groupchats/member-options' : `/groupchats/member-options?query=${encodeURIComponent(query)}`;
    const res = await call<{ options: GroupMemberOption[] }>(t, 'GET', url, member.headers);
    expect(res.status).toBe(200);
    return groupChatCalls.groupMemberOptions.response.parse(res.body).options;
  };
  const publicBot = async (member: Member, name: string, over: Parameters<typeof createChatbot>[3] = {}) => {
    const bot = await createChatbot(t, member, name, over);
    await decide(t, admin, bot.id, 'approve');
    return bot;
  };

  it('lists the caller’s own chatbots first (any visibility), then their favourites, never others’ private, unlisted or withdrawn ones', async () => {
    const word = uniqueWord('Opt');
    const ownPrivate = await createChatbot(t, picker, `${word}a`, { visibility: 'private', tags: [] });
    t.clock.advance(1000);
    const ownPublic = await createChatbot(t, picker, `${word}b`);
    const favourite = await publicBot(maker, `${word}c`);
    const notFavourite = await publicBot(maker, `${word}d`);
    const theirsPrivate = await createChatbot(t, maker, `${word}e`, { visibility: 'private', tags: [] });
    const theirsUnlisted = await createChatbot(t, maker, `${word}f`, { visibility: 'hidden' });
    const withdrawn = await publicBot(maker, `${word}g`);
    for (const id of [favourite.id, theirsPrivate.id, withdrawn.id]) await call(t, 'PUT', `/characters/${id}/favorite`, picker.headers);
    await decide(t, admin, withdrawn.id, 'require_fixes');

    const all = await options(picker);
    const ids = all.map((o) => o.id);
    expect(all.slice(0, 2)).toEqual([
      expect.objectContaining({ id: ownPublic.id, own: true, visibility: 'public', creator_username: picker.username }),
      expect.objectContaining({ id: ownPrivate.id, own: true, visibility: 'private' }),
    ]);
    expect(all.find((o) => o.id === favourite.id)).toMatchObject({ own: false, name: favourite.name, title: favourite.title, creator_username: maker.username });
    for (const hidden of [notFavourite, theirsPrivate, theirsUnlisted, withdrawn]) expect(ids).not.toContain(hidden.id);

    // With a query: own matches, then favourites, then other public matches; never the others.
    const found = await options(picker, word.toLowerCase());
    expect(found.map((o) => o.id)).toEqual([ownPublic.id, ownPrivate.id, favourite.id, notFavourite.id]);
    // The title matches too.
    expect((await options(picker, `${word}d, a wandering`)).map((o) => o.id)).toEqual([notFavourite.id]);
  });

  it('takes % and _ in the query literally', async () => {
    const word = uniqueWord('Pct');
    const literal = await publicBot(maker, `${word}%x`, { avatar_url: '/api/avatars/percent.svg' });
    await publicBot(maker, `${word}yy`);
    expect((await options(picker, `${word}%`)).map((o) => o.id)).toEqual([literal.id]);
    expect(await options(picker, `${word}_y`)).toEqual([]);
  });

  it('leaves out the chatbots of creators the caller blocked', async () => {
    const word = uniqueWord('Blk');
    const theirs = await publicBot(blocked, word);
    expect((await options(picker, word)).map((o) => o.id)).toEqual([theirs.id]);
    expect((await call(t, 'PUT', `/users/blocked-creators/${blocked.id}`, picker.headers)).status).toBe(200);
    expect(await options(picker, word)).toEqual([]);
  });

  it(`answers at most ${GROUP_CHAT_LIMITS.memberOptionsMax}, the caller’s own first`, async () => {
    const many = await signUpMember(t, 'many');
    const word = uniqueWord('Many');
    const row = (n: number, creator: Member) =>
      characterRow({
        creator_user_id: creator.id,
        creator_username: creator.username,
        name: `${word}${n}`,
        title: 'Filler',
        persona: 'p',
        scenario: null,
        greeting: 'g',
        dialogue: null,
        avatar_url: null,
        token_count: 1,
        num_messages: n,
        num_messages_24h: 0,
        created_at: new Date(Date.UTC(2024, 0, 1, 0, n)),
        updated_at: new Date(Date.UTC(2024, 0, 1, 0, n)),
      });
    for (let n = 0; n < 45; n++) await insertCharacterRow(t.db, row(n, many));
    for (let n = 45; n < 60; n++) await insertCharacterRow(t.db, row(n, maker));
    const found = await options(many, word);
    expect(found).toHaveLength(GROUP_CHAT_LIMITS.memberOptionsMax);
    expect(found.slice(0, 45).every((o) => o.own)).toBe(true);
    // Own newest first; then others' public matches, most messages first.
    expect(found[0]!.name).toBe(`${word}44`);
    expect(found.slice(45).map((o) => o.name)).toEqual([59, 58, 57, 56, 55].map((n) => `${word}${n}`));
  });

  it('is for members only', async () => {
    expect((await call(t, 'GET', '/groupchats/member-options', {})).status).toBe(401);
    expect((await call(t, 'GET', `/groupchats/member-options?query=${'x'.repeat(101)}`, picker.headers)).status).toBe(400);
  });
});
