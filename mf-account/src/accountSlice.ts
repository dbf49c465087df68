import { createSlice } from '@fable/shared';

export const accountSlice = createSlice({
  name: 'account',
  initialState: { ready: true },
  reducers: {},
});
