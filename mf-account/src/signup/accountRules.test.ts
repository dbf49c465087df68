import { emailError, nameError, usernameError } from './accountRules';

it('gives the username messages of document 1 §5, verbatim', () => {
  expect(usernameError('')).toBe("Username can't be empty");
  expect(usernameError('ab')).toBe('Username is too short');
  expect(usernameError('a'.repeat(21))).toBe('Username should be less then 20 characters');
  expect(usernameError('ada lovelace')).toBe('Username contain invalid characters');
  expect(usernameError('Ada_Love-1')).toBeNull(); // lower-cased before the check
});

it('applies the partner variant: at least 4', () => {
  expect(usernameError('ada', 'partner')).toBe('Username is too short, it should be at least 4 characters long.');
  expect(nameError('Ada', 'partner')).toBe('Name is too short, it should be at least 4 characters long.');
  expect(usernameError('ada_', 'partner')).toBeNull();
});

it('gives the name and email messages', () => {
  expect(nameError('   ')).toBe("Name can't be empty");
  expect(nameError('Al')).toBe('Name should be of atleast 3 characters');
  expect(nameError('Ada')).toBeNull();
  expect(emailError('')).toBe('Email can not be empty');
  expect(emailError('ada@x')).toBe('Please enter a valid email address');
  expect(emailError('ada@example.com')).toBeNull();
});
