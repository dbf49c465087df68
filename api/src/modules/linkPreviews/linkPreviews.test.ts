import { LinkPreviewSchema } from '@fable/contracts';
import { BOTH_BACKENDS } from '../../testing/testDatabases';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, chatbotTestApp, type Member } from '../moderation/testing/chatbotTestKit';
import type { TestApp } from '../../testing/testApp';

describe.each(BOTH_BACKENDS)('link previews on %s', (backend) => {
  const kit = chatbotTestApp(backend, ['creator']);
  let t: TestApp;
  let creator: Member;
  beforeAll(() => {
    ({ t, members: { creator } } = kit);
  });

  const preview = (path: string, headers: Record<string, string> = {}) => call(t, 'GET', `/link-preview?path=${encodeURIComponent(path)}`, headers);
  const bot = (fields = {}) => insertCharacter(t.db, { user_id: creator.id, username: creator.username }, { avatar_url: '/api/avatars/x.svg', ...fields });

  it('unfurls a public chatbot with its name, title, creator and avatar, to anyone, cacheable', async () => {
    const c = await bot({ name: 'Harbour Guide', title: 'A cheerful guide of the old harbour' });
    const answer = await preview(`/chatbot/${c.id}`);
    expect(answer.status).toBe(200);
    expect(LinkPreviewSchema.parse(answer.body)).toEqual({
      title: 'Harbour Guide',
      description: `A cheerful guide of the old harbour · by @${creator.username}`,
      image: '/api/avatars/x.svg',
      type: 'profile',
    });
    expect((await preview(`/groupchat/${c.id}`)).status).toBe(200);
  });

  it('says nothing of an NSFW, unlisted, private, unpublished or unknown chatbot', async () => {
    for (const fields of [{ is_nsfw: true }, { avatar_is_nsfw: true }, { visibility: 'hidden' }, { visibility: 'private' }, { moderation_status: 'fix_required' }]) {
      const c = await bot(fields);
      expect((await preview(`/chatbot/${c.id}`)).status).toBe(404);
    }
    expect((await preview('/chatbot/nope')).status).toBe(404);
  });

  it('unfurls a creator page as the spec titles it, and a lorebook', async () => {
    const answer = await preview(`/creator/${creator.username}`);
    expect(answer.body).toMatchObject({ title: `@${creator.username}'s Chatbots`, type: 'profile' });
    const { rows } = await t.db.query<{ id: string }>(
      `insert into lorebooks (application_id, creator_user_id, creator_username, name, description) values ('fable', $1, $2, 'Old Harbour', 'Places and people of the harbour') returning id`,
      [creator.id, creator.username],
    );
    expect((await preview(`/lorebook/${rows[0]!.id}`)).body).toMatchObject({ title: 'Old Harbour', description: 'Places and people of the harbour' });
  });

  it('answers 404 for other paths and 400 for what is not a path', async () => {
    for (const path of ['/chats', '/chatbot', '/chatbot/a/b', '/profile/x']) expect((await preview(path)).status).toBe(404);
    expect((await preview('chatbot/x')).status).toBe(400);
    expect((await call(t, 'GET', '/link-preview', {})).status).toBe(400);
    expect((await preview('/chatbot/\u0000')).status).toBe(400);
  });
});
