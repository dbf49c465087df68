import { INTERESTS as CONTRACT_INTERESTS, InterestSchema } from '@fable/contracts';
import { INTERESTS, isInterest } from './interests';

it('are the contracts interests', () => {
  expect(INTERESTS).toEqual(CONTRACT_INTERESTS);
  expect(INTERESTS).toEqual(InterestSchema.options);
  expect(isInterest('Non-Binary')).toBe(true);
  expect(isInterest('non_binary')).toBe(false);
});
