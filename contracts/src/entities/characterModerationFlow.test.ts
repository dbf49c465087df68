import {
  characterEditLock,
  moderationStatusAfterSave,
  retainStepFamily,
  saveSendsToReview,
  visibilityLock,
} from './characterModerationFlow';

describe('a creator save and moderation (document 1 §4)', () => {
  it('locks editing under review and under manual review, not otherwise', () => {
    expect(characterEditLock('pending')).toBe('under_review');
    expect(characterEditLock('rereview_required')).toBe('under_review');
    expect(characterEditLock('manual_review_required')).toBe('manual_review');
    for (const s of ['fix_required', 'closed', null, undefined] as const) expect(characterEditLock(s)).toBeNull();
  });

  it('locks visibility for permanently private chatbots and fix_required ones', () => {
    expect(visibilityLock('permanently_private', 'public', null)).toBe('permanently_private');
    expect(visibilityLock('permanently_private', 'permanently_private', null)).toBeNull();
    expect(visibilityLock('public', 'private', 'fix_required')).toBe('fix_required');
    expect(visibilityLock('private', 'permanently_private', null)).toBeNull();
    expect(visibilityLock('private', 'public', 'closed')).toBeNull();
  });

  it('sends to review when made public, resubmits a fix, honours a manual-review request', () => {
    const save = (over: Partial<Parameters<typeof moderationStatusAfterSave>[0]>) =>
      moderationStatusAfterSave({ status: null, previousVisibility: 'private', visibility: 'private', manualReview: false, ...over });
    expect(save({ visibility: 'public' })).toBe('pending');
    expect(save({ previousVisibility: null, visibility: 'public' })).toBe('pending');
    expect(save({ previousVisibility: 'hidden', visibility: 'public' })).toBe('pending');
    expect(save({ status: 'closed', previousVisibility: 'public', visibility: 'public' })).toBe('closed');
    expect(save({ status: null, previousVisibility: 'public', visibility: 'public' })).toBeNull();
    expect(save({ status: 'fix_required', previousVisibility: 'public', visibility: 'public' })).toBe('rereview_required');
    expect(save({ manualReview: true })).toBe('manual_review_required');
    expect(saveSendsToReview({ status: null, previousVisibility: 'private', visibility: 'public', manualReview: false })).toBe(true);
    expect(saveSendsToReview({ status: 'closed', previousVisibility: 'public', visibility: 'public', manualReview: false })).toBe(false);
  });

  it('retains Step-Family when it was present', () => {
    expect(retainStepFamily(['Step-Family', 'Drama'], ['Drama'])).toEqual(['Drama', 'Step-Family']);
    expect(retainStepFamily(['Drama'], ['Drama'])).toEqual(['Drama']);
    expect(retainStepFamily(['step-family'], ['Step-Family', 'A'])).toEqual(['Step-Family', 'A']);
  });
});
