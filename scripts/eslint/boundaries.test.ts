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
