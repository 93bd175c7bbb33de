import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SessionState } from './session-slice.js';

/** What the session thunks read; a local shape rather than RootState keeps the store out of the cycle. */
export interface SessionRootState {
  session: SessionState;
}

export type SessionDispatch = ThunkDispatch<SessionRootState, unknown, UnknownAction>;

export type SessionThunk<Result> = ThunkAction<Result, SessionRootState, unknown, UnknownAction>;
