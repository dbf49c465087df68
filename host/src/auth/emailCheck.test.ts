import { signInEmailError } from './emailCheck';

it('checks the sign-in email: local part, at, domain, top-level domain of 2+ letters (document 1 §5)', () => {
  expect(signInEmailError('')).toBe('Email can not be empty');
  expect(signInEmailError('   ')).toBe('Email can not be empty');
  for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'ada@example.c', 'ada@example.c0m', 'a da@example.com']) {
    expect(signInEmailError(bad)).toBe('Please enter a valid email address');
  }
  for (const good of ['ada@example.com', ' ada@mail.example.co.uk ', 'a.b+c@x.io']) {
    expect(signInEmailError(good)).toBeNull();
  }
});
