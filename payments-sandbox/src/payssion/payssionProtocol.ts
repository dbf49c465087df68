// Payssion's protocol as its API documentation gives it (https://www.payssion.com/en/docs): form-encoded POSTs
// signed with `api_sig`, the MD5 of fixed fields and the secret key joined by '|'; JSON answers whose
// `result_code` is 200 on success; notifications to the merchant's notify URL signed the same way (`notify_sig`).
import { md5OfParts } from '../protocol/md5';

/** MD5 of the parts joined by '|' (the secret key last), lower-case hex: api_sig and notify_sig. */
export const payssionSignature = md5OfParts;

/** The fields each signature covers, in order, before the secret key. */
export const SIGNED_FIELDS = {
  create: ['api_key', 'pm_id', 'amount', 'currency', 'order_id'],
  details: ['api_key', 'transaction_id', 'order_id'],
  refund: ['api_key', 'transaction_id', 'amount', 'currency'],
  notify: ['api_key', 'pm_id', 'amount', 'currency', 'order_id', 'state'],
} as const;

/** Payssion's result codes the sandbox answers (200 success). */
export const RESULT = {
  ok: 200,
  invalidParameter: 400,
  invalidMerchant: 401,
  invalidSignature: 402,
  invalidMethod: 405,
  invalidCurrency: 406,
  invalidAmount: 407,
  invalidUrl: 409,
  invalidTransaction: 412,
} as const;

/** The methods Fable offers through Payssion (document 2 §7: gcash and paymaya in PH; card, sbp, tbank, yoomoney, sberpay in RU) by pm_id. */
export const PAYSSION_PM_IDS = ['gcash_ph', 'paymaya_ph', 'bankcard_ru', 'sbp_ru', 'tinkoff_ru', 'yoomoney_ru', 'sberpay_ru'] as const;

/** An amount as Payssion writes it: major units with two decimals ("10.95"). */
export const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
export { toAmount, toMinor } from '../protocol/amounts';
