import { createSlice } from '@reduxjs/toolkit';
import { injectSlice } from './injectSlice';
import { getStore } from './store';

it("puts a remote slice's initial state in the one store at once", () => {
  const slice = createSlice({ name: 'remoteThing', initialState: { ready: true }, reducers: {} });
  const injected = injectSlice(slice);
  expect((getStore().getState() as Record<string, unknown>).remoteThing).toEqual({ ready: true });
  expect(injected.selectSlice(getStore().getState() as never)).toEqual({ ready: true });
});
