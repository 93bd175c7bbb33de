import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, BrowserState, RootState } from '../app/store.js';

export type { AppDispatch, BrowserState, RootState };

// Only the store's types come from app/: it composes the features' slices, so importing its
// code from here would tie every feature to all the others.
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
