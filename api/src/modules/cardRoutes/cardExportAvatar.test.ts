import type { StoredImage } from '@fable/contracts';
import sharp from 'sharp';
import { BACKENDS } from '../../testing/testDatabases';
import { cardOfText, chunksOfPng, entriesOfZip, textsOfPng } from '../cards/cardTestFiles';
import { jsonFile, v3Card } from '../cards/sampleCards';
import { uploadAvatar } from '../images/avatarUploadTestKit';
import { testPicture } from '../images/testing';
import { call, chatbotTestApp, guestHeaders } from '../moderation/testing/chatbotTestKit';
import { cardRouteCalls } from './cardRouteTestKit';

/** The size and format of a picture's bytes, decoded by sharp. */
async function decoded(bytes: Uint8Array) {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
}

const MAIN_ICON = 'assets/icon/images/main.png';

describe.each(BACKENDS)('exported cards carry the chatbot’s avatar on %s', (backend) => {
  const kit = chatbotTestApp(backend, ['painter', 'viewer']);
  let picture: StoredImage;
  beforeAll(async () => {
    picture = await uploadAvatar(kit.t, kit.members.painter.headers, await testPicture(300, 200, 3));
  });
  const owner = () => kit.members.painter;

  const { imported, exported, createFrom } = cardRouteCalls(() => kit.t, owner);

  /** A chatbot made from a JSON card (no picture of its own) with `avatar_url`. */
  async function chatbotWith(avatarUrl: string, over: Record<string, unknown> = {}) {
    const card = await imported(jsonFile(v3Card({ name: 'Mira', tags: ['Fantasy', 'Female'] })), 'application/json');
    expect(card.avatar).toBeNull();
    return createFrom(card, { avatar_url: avatarUrl, ...over });
  }

  it('an uploaded avatar: the PNG card is that picture, at its size, and imports again with it as the avatar', async () => {
    expect(picture).toMatchObject({ width: 300, height: 200 });
    const id = await chatbotWith(picture.avatar_url);
    const png = await exported(id, 'png');
    expect(png.status).toBe(200);
    expect(await decoded(png.bytes)).toEqual({ format: 'png', width: 300, height: 200 });
    expect(textsOfPng(png.bytes).map(([keyword]) => keyword)).toEqual(['chara', 'ccv3']);

    const again = await imported(png.bytes, 'image/png', 'Mira.png');
    expect(again.character.name).toBe('Mira');
    expect(again.avatar?.content_type).toBe('image/png');
    expect(await decoded(Buffer.from(again.avatar!.data_base64, 'base64'))).toEqual({ format: 'png', width: 300, height: 200 });
  });

  it('an uploaded avatar: the CHARX has it as its main icon (assets/icon/images/main.png, the V3 icon asset)', async () => {
    const id = await chatbotWith(picture.avatar_url);
    const charx = await exported(id, 'charx');
    expect(charx.status).toBe(200);
    const entries = await entriesOfZip(charx.bytes);
    expect([...entries.keys()].sort()).toEqual([MAIN_ICON, 'card.json']);
    expect(await decoded(entries.get(MAIN_ICON)!)).toEqual({ format: 'png', width: 300, height: 200 });
    const card = JSON.parse(entries.get('card.json')!.toString('utf8')) as { data: { assets: unknown[] } };
    expect(card.data.assets).toEqual([{ type: 'icon', uri: `embeded://${MAIN_ICON}`, name: 'main', ext: 'png' }]);

    const again = await imported(charx.bytes, 'application/zip', 'Mira.charx');
    expect(again.avatar?.content_type).toBe('image/png');
    expect(Buffer.from(again.avatar!.data_base64, 'base64').equals(entries.get(MAIN_ICON)!)).toBe(true);
  });

  it('a generated avatar (/api/avatars/{seed}.svg) is drawn from its seed as a 400×400 PNG', async () => {
    const id = await chatbotWith('/api/avatars/mira-moonlight-7f3a.svg');
    const png = await exported(id, 'png');
    expect(await decoded(png.bytes)).toEqual({ format: 'png', width: 400, height: 400 });
    // The picture is the seed's, not a plain placeholder: more than one colour.
    const { channels } = await sharp(png.bytes).stats();
    expect(channels.some((channel) => channel.min !== channel.max)).toBe(true);
    const entries = await entriesOfZip((await exported(id, 'charx')).bytes);
    expect(await decoded(entries.get(MAIN_ICON)!)).toEqual({ format: 'png', width: 400, height: 400 });
  });

  it('an avatar of ours whose picture is not stored: the placeholder in the PNG, no main icon in the CHARX', async () => {
    const id = await chatbotWith(`/api/images/${'0'.repeat(32)}/400x400.webp`);
    const png = await exported(id, 'png');
    expect(png.status).toBe(200);
    expect(await decoded(png.bytes)).toEqual({ format: 'png', width: 256, height: 256 });
    const entries = await entriesOfZip((await exported(id, 'charx')).bytes);
    expect([...entries.keys()]).toEqual(['card.json']);
  });

  it('an NSFW avatar: its creator exports it sharp; guests and members who blur NSFW get the blurred picture', async () => {
    const nsfw = await uploadAvatar(kit.t, owner().headers, await testPicture(320, 240, 5), { isNsfw: true });
    const id = await chatbotWith(nsfw.avatar_url, { visibility: 'public', avatar_is_nsfw: true });
    expect(await decoded((await exported(id, 'png')).bytes)).toMatchObject({ width: 320, height: 240 });
    for (const headers of [guestHeaders(), kit.members.viewer.headers]) {
      const png = await exported(id, 'png', headers);
      expect(png.status).toBe(200);
      expect(await decoded(png.bytes)).toEqual({ format: 'png', width: 500, height: 600 });
    }
    // A member who chose to see NSFW pictures unblurred gets the picture itself.
    expect((await call(kit.t, 'PATCH', '/v2/users', kit.members.viewer.headers, { settings: { blurNSFW: false } })).status).toBe(200);
    expect(await decoded((await exported(id, 'png', kit.members.viewer.headers)).bytes)).toMatchObject({ width: 320, height: 240 });
  });

  it('the picture carries no card but ours: one chara and one ccv3 chunk, each the saved chatbot', async () => {
    const id = await chatbotWith(picture.avatar_url);
    const png = await exported(id, 'png');
    const types = chunksOfPng(png.bytes).map((chunk) => chunk.type);
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
    const cards = Object.fromEntries(textsOfPng(png.bytes).map(([keyword, value]) => [keyword, cardOfText(value)]));
    expect(cards.chara).toMatchObject({ spec: 'chara_card_v2', data: { name: 'Mira' } });
    expect(cards.ccv3).toMatchObject({ spec: 'chara_card_v3', data: { name: 'Mira' } });
  });
});
