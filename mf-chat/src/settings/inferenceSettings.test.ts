import { GENERATION_DEFAULTS } from '@fable/contracts';
import { clampSlider, completeSettings } from './inferenceSettings';

it('completes stored settings with the defaults', () => {
  expect(completeSettings(null)).toEqual(GENERATION_DEFAULTS);
  expect(completeSettings({ temperature: 1.2, model: 'm2' })).toEqual({ ...GENERATION_DEFAULTS, temperature: 1.2, model: 'm2' });
});

it('holds values to the ranges and steps of document 1 §5', () => {
  expect(clampSlider('max_new_tokens', 100)).toBe(180);
  expect(clampSlider('max_new_tokens', 999)).toBe(300);
  expect(clampSlider('max_new_tokens', 200.4)).toBe(200);
  expect(clampSlider('temperature', 2)).toBe(1.5);
  expect(clampSlider('temperature', -1)).toBe(0);
  expect(clampSlider('temperature', 0.123)).toBe(0.12);
  expect(clampSlider('top_p', 0)).toBe(0.01);
  expect(clampSlider('top_p', 1.5)).toBe(1);
  expect(clampSlider('top_k', 0)).toBe(1);
  expect(clampSlider('top_k', 101)).toBe(100);
  expect(clampSlider('top_k', 'x')).toBe(90);
});
