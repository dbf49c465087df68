import { boundaryViolation } from './boundaries.mjs';

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
