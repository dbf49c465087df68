import path from 'node:path';
import { Linter, type ESLint } from 'eslint';
import { boundariesPlugin, boundaryViolation } from './boundaries.mjs';

describe('boundaryViolation', () => {
  it('forbids a remote importing another remote', () => {
    expect(boundaryViolation('mf-chat', 'mf-discovery', '@fable/mf-discovery')).toMatch(/another remote/);
  });
  it('forbids a remote importing the host', () => {
    expect(boundaryViolation('mf-billing', 'host', '../../host/src/layout/Layout')).toMatch(/or the host/);
  });
  it("forbids the host importing a remote's source", () => {
    expect(boundaryViolation('host', 'mf-account', '../../mf-account/src/routes')).toMatch(/loadRemote/);
  });
  it('lets contracts import only zod', () => {
    expect(boundaryViolation('contracts', null, 'zod')).toBeNull();
    expect(boundaryViolation('contracts', null, 'react')).toMatch(/nothing but zod/);
    expect(boundaryViolation('contracts', 'shared', '@fable/shared')).toMatch(/nothing but zod/);
  });
  it('allows the direction contracts ← shared ← apps', () => {
    expect(boundaryViolation('mf-chat', 'shared', '@fable/shared')).toBeNull();
    expect(boundaryViolation('shared', 'contracts', '@fable/contracts')).toBeNull();
    expect(boundaryViolation('host', 'shared', '@fable/shared')).toBeNull();
  });
  it('lets rules import nothing but their own files (and gpt-tokenizer for the token counts)', () => {
    expect(boundaryViolation('rules', 'rules', './money', 'rules/src/billing/pricing.ts')).toBeNull();
    expect(boundaryViolation('rules', null, 'gpt-tokenizer', 'rules/src/tokens/tokenizer.ts')).toBeNull();
    expect(boundaryViolation('rules', null, 'gpt-tokenizer', 'rules/src/lore/loreEngine.ts')).toMatch(/rules import nothing/);
    expect(boundaryViolation('rules', 'contracts', '@fable/contracts', 'rules/src/billing/pricing.ts')).toMatch(/rules import nothing/);
    expect(boundaryViolation('rules', null, 'zod', 'rules/src/billing/pricing.ts')).toMatch(/rules import nothing/);
  });
  it('lets the API, shared, the mocks and the apps import the rules', () => {
    for (const from of ['api', 'shared', 'mocks', 'host', 'mf-billing']) expect(boundaryViolation(from, 'rules', '@fable/rules/billing', `${from}/src/x.ts`)).toBeNull();
  });
  it('keeps the mock API out of production code: tests, testing/ folders and the standalone harness only', () => {
    expect(boundaryViolation('mf-billing', 'mocks', '@fable/mocks', 'mf-billing/src/checkout/CheckoutPage.tsx')).toMatch(/development only/);
    expect(boundaryViolation('shared', 'mocks', '@fable/mocks', 'shared/src/api/api.ts')).toMatch(/development only/);
    expect(boundaryViolation('mf-billing', 'mocks', '@fable/mocks', 'mf-billing/src/checkout/CheckoutPage.test.tsx')).toBeNull();
    expect(boundaryViolation('mf-billing', 'mocks', '@fable/mocks', 'mf-billing/src/testing/renderPortal.tsx')).toBeNull();
    expect(boundaryViolation('shared', 'mocks', '@fable/mocks/browser', 'shared/src/remote/startStandalone.tsx')).toBeNull();
    expect(boundaryViolation('mocks', 'shared', '@fable/shared', 'mocks/src/mockDb.ts')).toMatch(/only on contracts and rules/);
  });
});

describe('the boundaries rule on files', () => {
  const root = path.resolve(__dirname, '../..');
  const lint = (file: string, code = "import { x } from '@fable/shared';\n") =>
    new Linter({ configType: 'flat' })
      .verify(code, [{ files: ['**/*.ts'], plugins: { fable: boundariesPlugin(root) as unknown as ESLint.Plugin }, rules: { 'fable/boundaries': 'error' } }], path.join(root, file))
      .map((m) => m.message);

  it('fails on a file in a top-level folder that is not a workspace, instead of skipping it', () => {
    expect(lint('mf-unlisted-folder/src/index.ts')).toEqual([expect.stringMatching(/mf-unlisted-folder\/ is not a workspace/)]);
  });
  it('knows every workspace from package.json, remotes included', () => {
    expect(lint('mf-creator/src/index.ts')).toEqual([]);
    expect(lint('mf-creator/src/index.ts', "import { x } from '../../mf-chat/src/routes';\n")).toEqual([expect.stringMatching(/another remote/)]);
  });
});
