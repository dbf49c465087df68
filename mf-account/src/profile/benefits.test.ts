import { permissionsFor } from '@fable/contracts';
import { benefitsOf } from './benefits';

describe('Your Benefits (document 1 §6)', () => {
  it('lists a free member’s benefits by name, never site access, restrictions or ads', () => {
    const names = benefitsOf([...permissionsFor('free'), 'site_access', 'restriction_limited'], ['free_tier']);
    expect(names).toEqual(expect.arrayContaining(['Create chatbots', 'Saved chats', '4K context memory']));
    expect(names.join()).not.toMatch(/site|restrict|ads/i);
  });

  it('shows nothing for a member with a role, or with one benefit or none', () => {
    expect(benefitsOf(permissionsFor('basic'), ['paid_basic'])).toEqual([]);
    expect(benefitsOf(permissionsFor('free', ['employee']), ['free_tier', 'employee'])).toEqual([]);
    expect(benefitsOf(['site_access', 'create_character'], [])).toEqual([]);
    expect(benefitsOf(['site_access', 'display_ads', 'restriction_full'], [])).toEqual([]);
    expect(benefitsOf(['create_character', 'view_chats'], [])).toEqual(['Create chatbots', 'Saved chats']);
  });
});
