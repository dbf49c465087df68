// Amounts as the redirect providers that take major units write them (Payssion, CoinPayments, UpGate, PayOK): two
// decimals ("15.00"), and back to minor units.

export const toMinor = (amount: string): number => Math.round(Number(amount) * 100);
export const toAmount = (minor: number): string => (minor / 100).toFixed(2);
