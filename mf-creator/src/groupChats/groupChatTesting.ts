import { act } from '@testing-library/react';
import type { CharacterProfile, GroupChatDetail, GroupChatInput, ModerationStatus } from '@fable/contracts';
import type { MockApi } from '@fable/shared/testing';
import { ownChatbot } from '../testing/renderCreator';

/**
 * Tests only: chatbots for the mock API's seed (the member Ada's and others'), and groups made through the mock API's
 * own POST /groupchats, as the pages would make them (the mock keeps a group's members only through its calls).
 */
export const mine = (id: string, name: string, extra: Partial<CharacterProfile> = {}) => ownChatbot({ id, name, visibility: 'public', ...extra });

export const othersPublic = (id: string, name: string, username = 'bo') =>
  ownChatbot({ id, name, visibility: 'public', creator_user_id: `user-${username}`, creator_username: username, viewer: { is_creator: false, is_favorite: false, rating: null, creator_blocked: false } });

export const withStatus = (status: ModerationStatus): Partial<CharacterProfile> => ({ moderationReport: { moderation_status: status, reason_for_moderation: [] } });

/** A group of the signed-in member, created through the mock API (members by id). */
export async function createGroup(fake: MockApi, body: Partial<GroupChatInput> & { name: string; sub_character_ids: string[] }): Promise<GroupChatDetail> {
  let created: GroupChatDetail | null = null;
  await act(async () => {
    const response = await fetch('http://localhost/api/groupchats', {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.memberTokens.accessToken}`, 'content-type': 'application/json', 'x-application-id': 'fable' },
      body: JSON.stringify({ visibility: 'private', tags: [], ...body }),
    });
    if (!response.ok) throw new Error(`POST /groupchats: ${response.status} ${await response.text()}`);
    created = (await response.json()) as GroupChatDetail;
  });
  return created!;
}
