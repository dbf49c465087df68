// /v1/customers: create, retrieve, update.
import type { FormObject } from '../protocol/formBody';
import { allowOnly, applyMetadata, optionalHash, optionalString } from '../protocol/params';
import { invalidRequest, noSuch } from '../protocol/stripeError';
import { newId, unixNow } from './ids';
import type { Customer } from './objects';
import type { SandboxState } from './state';

const FIELDS = ['email', 'name', 'description', 'metadata', 'invoice_settings'] as const;

export function customerOf(state: SandboxState, id: string, param = 'id'): Customer {
  const customer = state.customers.get(id);
  if (!customer) throw noSuch('customer', id, param);
  return customer;
}

function applyFields(state: SandboxState, customer: Customer, params: FormObject): void {
  allowOnly(params, FIELDS);
  const email = optionalString(params, 'email');
  if (email !== undefined) {
    if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidRequest(`Invalid email address: ${email}`, { code: 'email_invalid', param: 'email' });
    customer.email = email || null;
  }
  const name = optionalString(params, 'name');
  if (name !== undefined) customer.name = name || null;
  const description = optionalString(params, 'description');
  if (description !== undefined) customer.description = description || null;
  customer.metadata = applyMetadata(customer.metadata, params);
  const invoiceSettings = optionalHash(params, 'invoice_settings');
  if (invoiceSettings) {
    allowOnly(invoiceSettings, ['default_payment_method']);
    const pm = optionalString(invoiceSettings, 'default_payment_method');
    if (pm) {
      const method = state.paymentMethods.get(pm);
      if (!method) throw noSuch('PaymentMethod', pm, 'invoice_settings[default_payment_method]');
      if (method.customer !== customer.id) {
        throw invalidRequest(`The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`, {
          code: 'resource_missing',
          param: 'invoice_settings[default_payment_method]',
        });
      }
    }
    if (pm !== undefined) customer.invoice_settings.default_payment_method = pm || null;
  }
}

export function createCustomer(state: SandboxState, params: FormObject): Customer {
  const customer: Customer = {
    id: newId('cus'),
    object: 'customer',
    created: unixNow(),
    email: null,
    name: null,
    description: null,
    metadata: {},
    invoice_settings: { default_payment_method: null },
    livemode: false,
  };
  applyFields(state, customer, params);
  state.customers.set(customer.id, customer);
  state.emit('customer.created', customer);
  return customer;
}

export function updateCustomer(state: SandboxState, id: string, params: FormObject): Customer {
  const customer = customerOf(state, id);
  const draft = structuredClone(customer);
  applyFields(state, draft, params);
  Object.assign(customer, draft);
  state.emit('customer.updated', customer);
  return customer;
}
