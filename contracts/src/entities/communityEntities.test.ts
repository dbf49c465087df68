import { GroupChatInputSchema, GroupChatSchema } from './groupChat';
import { LeaderboardEntrySchema, formatLeaderboardScore } from './leaderboard';
import { PersonaInputSchema, PersonaSchema } from './persona';
import { ChatbotReportSchema } from './report';

const messagesOf = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('persona', () => {
  const persona = { avatar_url: '/uploads/p.png', name: 'Rin', highlights: 'A quiet archer.' };
  it('accepts a valid persona', () => {
    expect(PersonaInputSchema.parse(persona).is_default).toBe(false);
    expect(PersonaSchema.safeParse({ ...persona, id: 'p1', is_default: true }).success).toBe(true);
  });
  it("uses the v2 form's verbatim messages (CREATE_PERSONA_V2_WEB) for the name and the highlights", () => {
    expect(messagesOf(PersonaInputSchema.safeParse({ ...persona, avatar_url: '' }))).toEqual(['Avatar is required']);
    expect(messagesOf(PersonaInputSchema.safeParse({ ...persona, name: '' }))).toEqual(['This field is required']);
    expect(messagesOf(PersonaInputSchema.safeParse({ ...persona, name: 'Al' }))).toEqual(['At least 3 characters required']);
    expect(messagesOf(PersonaInputSchema.safeParse({ ...persona, highlights: '  ' }))).toEqual(['This field is required']);
    expect(messagesOf(PersonaInputSchema.safeParse({ ...persona, highlights: 'Hi' }))).toEqual(['At least 3 characters required']);
  });
  it('limits the name to 20 and highlights to 1000', () => {
    expect(PersonaInputSchema.safeParse({ ...persona, name: 'x'.repeat(21) }).success).toBe(false);
    expect(PersonaInputSchema.safeParse({ ...persona, highlights: 'x'.repeat(1001) }).success).toBe(false);
  });
});

describe('chatbot report', () => {
  const report = {
    character_id: 'c1',
    userIssueType: 'Incorrect Authorization',
    userReportDetails: 'Copies my bot.',
    userExpectedResolution: 'deleted',
  };
  it('accepts a complete report', () => {
    expect(ChatbotReportSchema.safeParse(report).success).toBe(true);
  });
  it('uses the verbatim messages and limits', () => {
    expect(messagesOf(ChatbotReportSchema.safeParse({ ...report, character_id: '' }))).toEqual(['You must provide an id']);
    expect(messagesOf(ChatbotReportSchema.safeParse({ ...report, userReportDetails: ' ' }))).toEqual(['Details are required']);
    expect(ChatbotReportSchema.safeParse({ ...report, userReportDetails: 'x'.repeat(251) }).success).toBe(false);
    expect(ChatbotReportSchema.safeParse({ ...report, character_id: 'x'.repeat(51) }).success).toBe(false);
  });
  it('rejects an unknown issue type or resolution', () => {
    expect(messagesOf(ChatbotReportSchema.safeParse({ ...report, userIssueType: 'Spam' }))).toEqual(['Fill all fields to submit.']);
    expect(ChatbotReportSchema.safeParse({ ...report, userExpectedResolution: 'banned' }).success).toBe(false);
  });
});

describe('group chat', () => {
  const group = { name: 'Tavern', visibility: 'public', sub_character_ids: ['a', 'b'] };
  it('accepts 1 to 10 distinct members', () => {
    expect(GroupChatInputSchema.safeParse(group).success).toBe(true);
    expect(GroupChatInputSchema.safeParse({ ...group, sub_character_ids: ['a'] }).success).toBe(true);
  });
  it("refuses 11 members with the spec's toast", () => {
    const ids = Array.from({ length: 11 }, (_, i) => `c${i}`);
    expect(messagesOf(GroupChatInputSchema.safeParse({ ...group, sub_character_ids: ids }))).toEqual(["You can't add more than 10 chatbots."]);
  });
  it('rejects the character-only visibilities', () => {
    expect(GroupChatInputSchema.safeParse({ ...group, visibility: 'hidden' }).success).toBe(false);
    expect(
      GroupChatSchema.safeParse({ id: 'g', name: 'T', avatar: null, visibility: 'permanently_private', sub_characters: [], sub_character_ids: [] })
        .success,
    ).toBe(false);
  });
});

describe('leaderboard entry', () => {
  const entry = {
    id: 'e1',
    creator_username: 'maker',
    number_of_characters: 12,
    score: 12345,
    rank: 1,
    movement: 2,
    date: '2025-02',
    type: 'New Bots',
    status: 'pending',
  };
  it('accepts an entry', () => {
    expect(LeaderboardEntrySchema.safeParse(entry).success).toBe(true);
  });
  it('rejects an unknown type and rank 0', () => {
    expect(LeaderboardEntrySchema.safeParse({ ...entry, type: 'Top Bots' }).success).toBe(false);
    expect(LeaderboardEntrySchema.safeParse({ ...entry, rank: 0 }).success).toBe(false);
  });
  it('shows the score in thousands with 1 decimal', () => {
    expect(formatLeaderboardScore(12345)).toBe('12.3k');
  });
});
