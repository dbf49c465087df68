import { createAction, type Slice, type SliceCaseReducers, type SliceSelectors } from '@reduxjs/toolkit';
import { rootReducer } from './rootReducer';
import { getStore } from './store';

/** Dispatched after a remote injects its slice, so that the slice's initial state is in the store at once. */
export const sliceInjected = createAction<string>('fable/sliceInjected');

/**
 * Injects a remote's slice into the page's one root reducer and puts its initial state in the store
 * straight away (combineSlices alone adds it only on the next action), so that the host and every other
 * app see it as soon as the remote is loaded.
 */
export function injectSlice<
  State,
  CaseReducers extends SliceCaseReducers<State>,
  Name extends string,
  ReducerPath extends string,
  Selectors extends SliceSelectors<State>,
>(slice: Slice<State, CaseReducers, Name, ReducerPath, Selectors>) {
  const injected = slice.injectInto(rootReducer);
  getStore().dispatch(sliceInjected(slice.reducerPath));
  return injected;
}
