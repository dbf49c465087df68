import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { sessionSlice } from '../session/sessionSlice';
import { uiSlice } from './uiSlice';
import { deploymentSlice } from '../deployment/deploymentSlice';
import { notificationsSlice } from '../notifications/notificationsSlice';

/**
 * The one root reducer. Remotes add their own slice at run time with
 * `mySlice.injectInto(rootReducer)`; their state is then visible to the host and to every other app.
 */
export const rootReducer = combineSlices(api, sessionSlice, uiSlice, deploymentSlice, notificationsSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** Remotes extend this interface (declaration merging) with the slices they inject. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}
