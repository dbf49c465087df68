import { forgetCachedRecommendations, recommendationsCacheKey } from './useRecommendations';

it('forgets the recommendations kept on this device in every mode, and nothing else', () => {
  localStorage.setItem(recommendationsCacheKey('home', false), '{}');
  localStorage.setItem(recommendationsCacheKey('external', true), '{}');
  localStorage.setItem('fable.nsfwMode', 'true');
  forgetCachedRecommendations();
  expect(localStorage.getItem(recommendationsCacheKey('home', false))).toBeNull();
  expect(localStorage.getItem(recommendationsCacheKey('external', true))).toBeNull();
  expect(localStorage.getItem('fable.nsfwMode')).toBe('true');
});
