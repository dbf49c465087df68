import { BANNER_MESSAGES } from '@fable/contracts';
import { adminBannerFixture } from './adminBannersTesting';
import { ADMIN_BANNERS_TEXTS as T } from './adminBannersTexts';
import { bannerFormSchema, bannerValuesOf, emptyBannerValues, fieldOfPath, isoOfLocal, localInputOf, type BannerFormValues } from './bannerForm';
import { joinWords, targetingInWords } from './bannerSummary';

const filled = (over: Partial<BannerFormValues> = {}): BannerFormValues => ({
  ...emptyBannerValues(new Date(2030, 6, 1, 10, 0)),
  name: 'Winter sale',
  title: 'Winter sale is on',
  ...over,
});

/** The messages by field of a form that does not pass; {} when it passes. */
function errorsOf(values: BannerFormValues, schema = bannerFormSchema()) {
  const result = schema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('the banner form', () => {
  it('starts now (to the minute, local time), for everyone everywhere, closable, with no button', () => {
    const values = emptyBannerValues(new Date(2030, 0, 2, 9, 5, 42));
    expect(values).toMatchObject({ startsAt: '2030-01-02T09:05', endsAt: '', tiers: [], signedIn: 'everyone', closable: true, withAction: false });
  });

  it('makes the contracts’ draft: lists split on commas, local times as ISO, one button', () => {
    const result = bannerFormSchema().parse(
      filled({
        applications: ' fable, , partner-x ',
        screens: 'home,chats',
        tiers: ['premium'],
        signedIn: 'members',
        endsAt: '2030-07-08T18:30',
        withAction: true,
        actionLabel: ' Shop now ',
        actionType: 'external',
        actionDestination: 'https://shop.example/sale',
      }),
    );
    expect(result).toEqual({
      banner: expect.objectContaining({
        name: 'Winter sale',
        placement: 'top',
        title: { label: 'Winter sale is on' },
        backgroundColor: '#7c5cff',
        closable: true,
        platforms: [],
        actions: [{ label: 'Shop now', shape: 'pill', navigation: { type: 'external', destination: 'https://shop.example/sale' } }],
      }),
      starts_at: new Date(2030, 6, 1, 10, 0).toISOString(),
      ends_at: new Date(2030, 6, 8, 18, 30).toISOString(),
      targeting: { applications: ['fable', 'partner-x'], tiers: ['premium'], signed_in: 'members', screens: ['home', 'chats'] },
    });
    expect(result.banner.description).toBeUndefined();
  });

  it('puts the schema’s messages next to the fields', () => {
    expect(errorsOf(filled({ endsAt: '2030-07-01T09:00' }))).toEqual({ endsAt: BANNER_MESSAGES.endsBeforeStart });
    expect(errorsOf(filled({ title: '', description: ' ' }))).toEqual({ title: BANNER_MESSAGES.saysNothing });
    expect(errorsOf(filled({ signedIn: 'guests', tiers: ['free'] }))).toEqual({ tiers: BANNER_MESSAGES.guestsHaveNoTier });
    expect(errorsOf(filled({ name: 'ab' }))).toEqual({ name: 'Name it (3 characters at least)' });
    expect(errorsOf(filled({ startsAt: '' }))).toEqual({ startsAt: T.form.startsRequired });
    expect(errorsOf(filled({ screens: 'home, Chats!' }))).toEqual({ screens: expect.stringContaining('"Chats!"') });
    expect(errorsOf(filled({ withAction: true, actionLabel: 'Go', actionDestination: 'sale' }))).toEqual({ actionDestination: 'An internal link is a path such as /sale' });
    expect(errorsOf(filled({ withAction: true, actionLabel: ' ', actionType: 'external', actionDestination: 'http://x.example' }))).toEqual({
      actionLabel: T.form.actionLabelRequired,
      actionDestination: 'An external link is an https URL',
    });
  });

  it('maps the API’s issue paths to the fields', () => {
    expect(fieldOfPath(['banner', 'name'])).toBe('name');
    expect(fieldOfPath('banner.actions.0.navigation.destination'.split('.'))).toBe('actionDestination');
    expect(fieldOfPath(['targeting', 'signed_in'])).toBe('signedIn');
    expect(fieldOfPath(['ends_at'])).toBe('endsAt');
  });

  it('edits a banner keeping what the form does not show, and its times when they are not changed', () => {
    const saved = adminBannerFixture({
      starts_at: '2030-06-01T09:00:12.345Z',
      banner: {
        ...adminBannerFixture().banner,
        backgroundImageUrl: 'https://cdn.example/sun.png',
        title: { label: 'Old', fontSize: 20 },
        actions: [{ label: 'Shop', shape: 'square', navigation: { type: 'internal', destination: '/sale' } }],
      },
    });
    const values = bannerValuesOf(saved);
    expect(values).toMatchObject({ withAction: true, actionLabel: 'Shop', actionShape: 'square', startsAt: localInputOf(new Date(saved.starts_at)) });
    const draft = bannerFormSchema(saved).parse({ ...values, title: 'New' });
    expect(draft.starts_at).toBe('2030-06-01T09:00:12.345Z');
    expect(draft.banner).toMatchObject({ backgroundImageUrl: 'https://cdn.example/sun.png', title: { label: 'New', fontSize: 20 } });
    expect(isoOfLocal('nonsense')).toBeNull();
  });
});

describe('the targeting in words', () => {
  it('says who, in which applications and on which screens', () => {
    expect(targetingInWords(adminBannerFixture().targeting)).toBe('Members on the Basic or Premium tiers, in every application, on the home and chats screens.');
    expect(targetingInWords({ applications: [], tiers: [], signed_in: 'everyone', screens: [] })).toBe('Everyone, in every application, on every screen.');
    expect(targetingInWords({ applications: ['fable'], tiers: [], signed_in: 'guests', screens: ['home'] })).toBe('Guests only, in fable, on the home screen.');
    expect(joinWords(['a', 'b', 'c'], 'or')).toBe('a, b or c');
  });
});
