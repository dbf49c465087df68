import { ProfileUpdateSchema, SignupSchema, UserSchema, UsernameSchema, PartnerUsernameSchema, DisplayNameSchema } from './user';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('UsernameSchema', () => {
  it('lower-cases a valid username', () => {
    expect(UsernameSchema.parse('Night_Owl-7')).toBe('night_owl-7');
  });
  it.each([
    ['', "Username can't be empty"],
    ['ab', 'Username is too short'],
    ['a'.repeat(21), 'Username should be less then 20 characters'],
    ['bad name!', 'Username contain invalid characters'],
  ])('rejects %j with %j', (input, message) => {
    expect(firstMessage(UsernameSchema.safeParse(input))).toBe(message);
  });
  it('partner usernames need 4 characters', () => {
    expect(firstMessage(PartnerUsernameSchema.safeParse('abc'))).toBe(
      'Username is too short, it should be at least 4 characters long.',
    );
  });
});

it('display name needs 3 to 20 non-blank characters', () => {
  expect(firstMessage(DisplayNameSchema.safeParse('   '))).toBe("Name can't be empty");
  expect(firstMessage(DisplayNameSchema.safeParse('Al'))).toBe('Name should be of atleast 3 characters');
  expect(DisplayNameSchema.safeParse('x'.repeat(21)).success).toBe(false);
});

describe('UserSchema', () => {
  const user = {
    id: 'u1',
    username: 'maker',
    name: 'Maker',
    role: 'basic',
    roles: ['paid_basic'],
    permissions: ['create_character', '8k_context'],
    subscriptionTier: 'basic',
    subscription: { platform: 'sticky', status: 'active', billing_cycle: 'annual' },
  };
  it('accepts a member', () => {
    expect(UserSchema.parse(user).openai_mode).toBe('disabled');
  });
  it('rejects an unknown role, permission or subscription status', () => {
    expect(UserSchema.safeParse({ ...user, role: 'gold' }).success).toBe(false);
    expect(UserSchema.safeParse({ ...user, permissions: ['fly'] }).success).toBe(false);
    expect(UserSchema.safeParse({ ...user, subscription: { platform: 'sticky', status: 'paused' } }).success).toBe(false);
  });
  it('rejects an OpenAI key over 200', () => {
    expect(UserSchema.safeParse({ ...user, openai_api_key: 'k'.repeat(201) }).success).toBe(false);
  });
});

it('signup requires the age and terms boxes with their messages', () => {
  const r = SignupSchema.safeParse({ username: 'maker', name: 'Maker', age: false, toc: false });
  expect(r.error?.issues.map((i) => i.message)).toEqual([
    'You must confirm that you are 18 years or older.',
    'You must agree with the terms and conditions.',
  ]);
});

it('profile update checks the email', () => {
  expect(firstMessage(ProfileUpdateSchema.safeParse({ username: 'maker', name: 'Maker', email: 'a@b' }))).toBe(
    'Please enter a valid email address',
  );
  expect(ProfileUpdateSchema.safeParse({ username: 'maker', name: 'Maker', email: 'a@b.io' }).success).toBe(true);
});
