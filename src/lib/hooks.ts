// Typed Redux hooks, below the features so that any feature may use them. The store's types are
// registered by src/app/store.ts through declaration merging, so nothing here imports upwards.
import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';

/** Filled by `declare module '../lib/hooks.ts'` in src/app/store.ts with `state` and `dispatch`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by the app layer
export interface StoreTypes {}

export type AppState = StoreTypes extends { state: infer S } ? S : unknown;
export type AppDispatch = StoreTypes extends { dispatch: infer D } ? D : Dispatch<UnknownAction>;

export const useAppSelector = useSelector.withTypes<AppState>();
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
