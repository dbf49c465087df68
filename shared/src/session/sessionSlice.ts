import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Permission, Role, Tier, UserRestriction } from '@fable/contracts';

/** document 1 §4 Auth states. */
export type AuthStatus = 'loading' | 'authenticated' | 'guest' | 'authentication_required';

export interface SessionUser {
  id: string;
  username: string | null;
  name: string | null;
  avatarUrl: string | null;
  tier: Tier;
  roles: Role[];
  externalId?: string | null;
  /** For sign-up gating (document 1 §4): the private-relay email check and the invalid account. */
  email?: string | null;
  isInvalid?: boolean;
  /** Active account restrictions (document 1 §4 "Restriction"): the ban screens and the shadow-ban banner read them. */
  restrictions?: UserRestriction[];
}

export interface SessionState {
  status: AuthStatus;
  user: SessionUser | null;
  permissions: Permission[];
  /** Whether the permissions list has been loaded (the route guard shows a loader until then). */
  permissionsLoaded: boolean;
  accessToken: string | null;
  refreshToken: string | null;
  guestUserId: string | null;
  applicationId: string | null;
  impersonate: string | null;
  partnerMode: boolean;
  /**
   * The host's sign-in overlay: any app opens it with `signInRequested()` (a remote's "Create Free
   * Account" or "Login"); `returnTo` is where to go after login.
   */
  signInPrompt: { open: boolean; returnTo: string | null };
  /** Set by `signOutRequested()` (a remote's Logout button); the host signs out and the flag clears. */
  signOutRequested: boolean;
}

const initialState: SessionState = {
  status: 'loading',
  user: null,
  permissions: [],
  permissionsLoaded: false,
  accessToken: null,
  refreshToken: null,
  guestUserId: null,
  applicationId: null,
  impersonate: null,
  partnerMode: false,
  signInPrompt: { open: false, returnTo: null },
  signOutRequested: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    configureSession(state, action: PayloadAction<{ applicationId: string; partnerMode: boolean; impersonate?: string | null }>) {
      state.applicationId = action.payload.applicationId;
      state.partnerMode = action.payload.partnerMode;
      state.impersonate = action.payload.impersonate ?? null;
    },
    /** New tokens (a sign-in, a refresh, or another tab's); a null access token is refreshed by the first call. */
    tokensReceived(state, action: PayloadAction<{ accessToken: string | null; refreshToken?: string | null }>) {
      state.accessToken = action.payload.accessToken;
      if (action.payload.refreshToken !== undefined) state.refreshToken = action.payload.refreshToken;
    },
    signedIn(state, action: PayloadAction<{ user: SessionUser; permissions: Permission[] }>) {
      const { user, permissions } = action.payload;
      // A user whose id equals the external id is not authenticated (document 1 §4 Auth).
      const external = user.externalId != null && user.externalId === user.id;
      state.user = user;
      state.permissions = permissions;
      state.permissionsLoaded = true;
      state.status = external ? 'guest' : 'authenticated';
      state.signInPrompt = { open: false, returnTo: null };
    },
    becameGuest(state, action: PayloadAction<{ guestUserId: string | null; permissions: Permission[] }>) {
      state.status = 'guest';
      state.user = null;
      state.accessToken = null;
      state.refreshToken = null;
      state.guestUserId = action.payload.guestUserId;
      state.permissions = action.payload.permissions;
      state.permissionsLoaded = true;
      state.signOutRequested = false;
    },
    /** The guest's id was replaced (the API refused the old one, or another tab renewed it). */
    guestIdRenewed(state, action: PayloadAction<string>) {
      state.guestUserId = action.payload;
    },
    authenticationRequired(state) {
      state.status = 'authentication_required';
      state.accessToken = null;
      state.refreshToken = null;
      state.user = null;
    },
    signInRequested(state, action: PayloadAction<{ returnTo?: string | null } | undefined>) {
      state.signInPrompt = { open: true, returnTo: action.payload?.returnTo ?? null };
    },
    signInPromptClosed(state) {
      state.signInPrompt = { open: false, returnTo: null };
    },
    signOutRequested(state) {
      state.signOutRequested = true;
    },
    signOutFinished(state) {
      state.signOutRequested = false;
    },
  },
  selectors: {
    selectSession: (s) => s,
    selectAuthStatus: (s) => s.status,
    selectUser: (s) => s.user,
    selectPermissions: (s) => s.permissions,
    selectIsSignedIn: (s) => s.status === 'authenticated',
    selectSignInPrompt: (s) => s.signInPrompt,
    selectSignOutRequested: (s) => s.signOutRequested,
  },
});

export const {
  configureSession,
  tokensReceived,
  signedIn,
  becameGuest,
  guestIdRenewed,
  authenticationRequired,
  signInRequested,
  signInPromptClosed,
  signOutRequested,
  signOutFinished,
} = sessionSlice.actions;
export const {
  selectSession,
  selectAuthStatus,
  selectUser,
  selectPermissions,
  selectIsSignedIn,
  selectSignInPrompt,
  selectSignOutRequested,
} = sessionSlice.selectors;
