// The Redux Toolkit API remotes use, re-exported from the store's own copy (see router/router.ts for why
// these are not federation shares of their own). Remotes import it from @fable/shared.
export { createSlice, createSelector, createAction, nanoid } from '@reduxjs/toolkit';
export type { PayloadAction, WithSlice, Dispatch, UnknownAction } from '@reduxjs/toolkit';
export { useDispatch, useSelector, Provider } from 'react-redux';
