import { brandOf, CARD_MESSAGES, cvcError, expiryError, luhnValid, numberError } from './cardChecks';
import { TEST_CARDS } from './testCards';

describe('card checks', () => {
  it("passes Luhn for every one of Stripe's test numbers and fails a changed digit", () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('tells the brand from the prefix', () => {
    expect(brandOf('4242424242424242')).toBe('visa');
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
    expect(brandOf('6011111111111117')).toBe('discover');
    expect(brandOf('3056930009020004')).toBe('diners');
    expect(brandOf('3566002020360505')).toBe('jcb');
    expect(brandOf('6200000000000005')).toBe('unionpay');
    expect(brandOf('9999')).toBe('unknown');
  });

  it('says incomplete while the number is short and invalid when it is full but wrong', () => {
    expect(numberError('4242 4242')).toBe(CARD_MESSAGES.numberIncomplete);
    expect(numberError('4242 4242 4242 4241')).toBe(CARD_MESSAGES.numberInvalid);
    expect(numberError('4242 4242 4242 4242 4')).toBe(CARD_MESSAGES.numberInvalid);
    expect(numberError('4242-4242-4242-4242')).toBeUndefined();
    expect(numberError('3782 822463 10005')).toBeUndefined();
  });

  it('accepts a card through the end of its expiry month, two- or four-digit years', () => {
    const today = new Date(Date.UTC(2026, 10, 26));
    expect(expiryError(11, 26, today)).toBeUndefined();
    expect(expiryError(11, 2026, today)).toBeUndefined();
    expect(expiryError(10, 2026, today)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryError(12, 2025, today)).toBe(CARD_MESSAGES.expiryYearPast);
    expect(expiryError(13, 2030, today)).toBe(CARD_MESSAGES.expiryMonthInvalid);
  });

  it('wants four CVC digits for Amex and three for the others', () => {
    expect(cvcError('123', 'visa')).toBeUndefined();
    expect(cvcError('12', 'visa')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcError('123', 'amex')).toBe(CARD_MESSAGES.cvcIncomplete);
    expect(cvcError('1234', 'amex')).toBeUndefined();
  });
});
