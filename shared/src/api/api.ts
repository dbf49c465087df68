import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/**
 * The one RTK Query api of the page. Remotes add endpoints with `api.injectEndpoints`, names
 * prefixed by their domain (`chat_sendMessage`); nobody calls createApi a second time.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'AppSettings', 'Character', 'Conversation', 'Message', 'Memory', 'Persona', 'Lorebook'],
  endpoints: () => ({}),
});
