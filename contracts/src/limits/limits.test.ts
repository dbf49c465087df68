import { ACCOUNT_LIMITS } from './accountLimits';
import {
  BILLING_TIMINGS,
  CHECKOUT_LIMITS,
  CRYPTO_PRICES,
  BLACK_FRIDAY_CRYPTO_ANNUAL_PRICES,
  ANNUAL_DISCOUNT_TEXT,
  SALES,
  isBirthdaySaleDate,
  isValidPostalCode,
  postalCodeLabel,
  stateLabel,
} from './billingLimits';
import { RECOMMENDATION_LIMITS, SEARCH_LIMITS, CHATBOT_RATING_VALUES, RECOMMENDER_RATING_WEIGHTS } from './browseLimits';
import { CHARACTER_LIMITS, IMAGE_TRAINING_LIMITS } from './characterLimits';
import { CHAT_LIMITS, GENERATION_DEFAULTS, GENERATION_SLIDERS } from './chatLimits';
import { GROUP_CHAT_LIMITS } from './groupChatLimits';
import { LEADERBOARD_LIMITS } from './leaderboardLimits';
import { containsLink } from '../text/linkDetection';
import { LOREBOOK_LIMITS } from './lorebookLimits';
import { PERSONA_COUNT_LIMIT, PERSONA_LIMITS } from './personaLimits';
import { QUEUE_LIMITS } from './queueLimits';
import { REPORT_LIMITS } from './reportLimits';
import { NOTIFICATION_DURATIONS_MS } from './uiLimits';

describe('document 1 §9 constants', () => {
  it('character fields', () => {
    expect(CHARACTER_LIMITS).toMatchObject({
      tagsMin: 2,
      tagsMax: 12,
      suggestedTagsMax: 5,
      scenarioMax: 4000,
      dialogueMax: 4000,
      nameMin: 3,
      nameMax: 20,
      titleMin: 3,
      titleMax: 100,
      greetingMin: 3,
      greetingMax: 2000,
      personalityMin: 3,
      personalityMax: 5000,
      negativePromptMax: 300,
      tokenWarning: 1600,
    });
    expect(CHAT_LIMITS.conversationTitleMax).toBe(50);
    expect(CHAT_LIMITS.memoryMax).toBe(250);
    expect(IMAGE_TRAINING_LIMITS.requestsPerDay).toBe(4);
  });
  it('account fields', () => {
    expect(ACCOUNT_LIMITS).toMatchObject({ usernameMin: 3, usernameMax: 20, displayNameMin: 3, displayNameMax: 20, openaiApiKeyMax: 200 });
  });
  it('generation defaults and sliders', () => {
    expect(GENERATION_DEFAULTS).toEqual({ max_new_tokens: 180, temperature: 0.7, top_p: 0.7, top_k: 90 });
    expect(GENERATION_SLIDERS.max_new_tokens).toEqual({ min: 180, max: 300, step: 1 });
    expect(GENERATION_SLIDERS.temperature).toEqual({ min: 0, max: 1.5, step: 0.01 });
    expect(GENERATION_SLIDERS.lora_scale.default).toBe(0.8);
  });
  it('paging, search and recommendations', () => {
    expect(CHAT_LIMITS.messagePageSize).toBe(50);
    expect(CHAT_LIMITS.conversationsPageSize).toBe(25);
    expect(SEARCH_LIMITS).toMatchObject({ hitsPerPage: 48, maxFacetValues: 100, cacheSeconds: 300, connectionTimeoutMs: 20_000 });
    expect([SEARCH_LIMITS.searchDebounceMs, SEARCH_LIMITS.usernameDebounceMs, SEARCH_LIMITS.tagSaveDebounceMs]).toEqual([300, 500, 2000]);
    expect(RECOMMENDATION_LIMITS.localCacheTimeoutMs).toBe(20 * 60 * 1000);
    expect(RECOMMENDATION_LIMITS.cacheSizes).toEqual([12, 602]);
  });
  it('queue and notifications', () => {
    expect(QUEUE_LIMITS.retryMs).toBe(30_000);
    expect(QUEUE_LIMITS.accessExpiresMs).toBe(20 * 60_000);
    expect(QUEUE_LIMITS.progressFullMs).toBe(15 * 60_000);
    expect(NOTIFICATION_DURATIONS_MS).toEqual({ short: 2000, normal: 3000, long: 5000, infinite: null });
  });
  it('rating values', () => {
    expect(CHATBOT_RATING_VALUES).toEqual({ dislike: 1, like: 3, love: 5 });
    expect(RECOMMENDER_RATING_WEIGHTS).toEqual({ dislike: -1, like: 0.5, love: 1 });
  });
});

describe('document 2 §9 constants', () => {
  it('personas', () => {
    expect(PERSONA_COUNT_LIMIT).toEqual({ free: 3, minimal: 10, basic: 50, premium: 100 });
    expect(PERSONA_LIMITS).toMatchObject({ nameMax: 20, highlightsMax: 1000 });
  });
  it('lorebooks, groups and reports', () => {
    expect(LOREBOOK_LIMITS).toMatchObject({
      nameMax: 25,
      descriptionMax: 100,
      entriesMax: 100,
      entryNameMax: 50,
      entryContentMax: 1000,
      keywordsMax: 12,
      keywordMax: 100,
      entryListScrollHeightPx: 330,
    });
    expect(GROUP_CHAT_LIMITS).toMatchObject({ maxMembers: 10, minRecommendedMembers: 2 });
    expect(REPORT_LIMITS).toMatchObject({ detailsMax: 250, characterIdMax: 50, handledWithinDays: 7 });
  });
  it('billing', () => {
    expect(BILLING_TIMINGS).toEqual({
      priceRecalculationDebounceMs: 600,
      successTokenRefreshMs: 5000,
      thankYouRedirectMs: 10_000,
      portalTokenRefreshMs: 5000,
    });
    expect(CHECKOUT_LIMITS).toMatchObject({ firstNameMax: 30, lastNameMax: 30, emailMax: 320, postalCodeMax: 16 });
    expect(CRYPTO_PRICES.basic).toEqual({ annual: 149.99, monthly: 15 });
    expect(CRYPTO_PRICES.premium).toEqual({ annual: 249.99, monthly: 24.99 });
    expect(CRYPTO_PRICES.minimal.annual).toBe(50);
    expect(BLACK_FRIDAY_CRYPTO_ANNUAL_PRICES.premium).toEqual({ price: 180, list: 300 });
    expect(ANNUAL_DISCOUNT_TEXT).toBe('2 months free / 16% Off');
    expect(SALES.birthday).toMatchObject({ priceUsd: 0.99, discountMonths: 1 });
    expect(SALES.blackFriday.maxDiscountPercent).toBe(40);
  });
  it('leaderboard', () => {
    expect(LEADERBOARD_LIMITS.topPerCategory).toBe(25);
    expect(LEADERBOARD_LIMITS.prizes).toEqual([
      { fromRank: 1, toRank: 3, tier: 'premium', months: 1 },
      { fromRank: 4, toRank: 10, tier: 'basic', months: 1 },
    ]);
    expect(LEADERBOARD_LIMITS.searchCacheMs).toBe(120_000);
    expect(LEADERBOARD_LIMITS.searchTimeoutMs).toBe(15_000);
  });
});

describe('birthday sale window', () => {
  it('is Feb 13 to Feb 15, 2025 inclusive', () => {
    expect(isBirthdaySaleDate('2025-02-12')).toBe(false);
    expect(isBirthdaySaleDate('2025-02-13')).toBe(true);
    expect(isBirthdaySaleDate('2025-02-15T23:59:00Z')).toBe(true);
    expect(isBirthdaySaleDate('2025-02-16')).toBe(false);
  });
});

describe('postal codes and labels', () => {
  it.each([
    ['US', '12345', true],
    ['US', '12345-6789', true],
    ['US', '123456', false],
    ['CA', 'K1A0B1', true],
    ['CA', 'K1A 0B1', true],
    ['CA', '123 456', false],
    ['GB', 'SW1A 1AA', true],
    ['DE', '10115', true],
    ['FR', '75#01', false],
    ['FR', '', false],
  ])('%s %j → %s', (country, code, valid) => {
    expect(isValidPostalCode(country, code)).toBe(valid);
  });
  it('labels Zip for US, PH, IR and State for US, AU, BR, IN, MX, NG, DE', () => {
    expect(['US', 'PH', 'IR', 'CA'].map(postalCodeLabel)).toEqual(['Zip', 'Zip', 'Zip', 'Postal Code']);
    expect(['US', 'DE', 'NG', 'FR'].map(stateLabel)).toEqual(['State', 'State', 'State', 'Province']);
  });
});

describe('containsLink', () => {
  it.each([
    'visit https://example.com',
    'www.example.com',
    'find me on example.gg',
    '<a href="x">click</a> javascript:alert(1)',
    'example%2Ecom',
    'example%252Ecom',
    'example&#46;com',
  ])('flags %j', (text) => {
    expect(containsLink(text)).toBe(true);
  });
  it.each(['A brave knight. She smiles.', 'Her data: classified', 'Mr. Smith waits.', '100% sure'])('lets %j through', (text) => {
    expect(containsLink(text)).toBe(false);
  });
});
