import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type LookupStatus = 'idle' | 'loading' | 'success' | 'failed';

/**
 * The shipping and order states of spec §4. The success flags of an order (isOrderPlaceSuccess,
 * quickBuySuccess) belong to the cart state of spec §3 and live in the cart slice.
 */
export interface OrderState {
  isShippingPriceError: boolean;
  /** The shipping-price failure, shown under the postal code (ERR-20). */
  shippingPriceMessage: string;
  isDetailsSaveError: boolean;
  detailsSaveMessage: string;
  /** 'Use my Address Details' loading the user's saved details (ORDER-15). */
  detailsLookupStatus: LookupStatus;
  isOrderPlaceLoading: boolean;
  isOrderPlaceError: boolean;
  orderMessage: string;
  /** Whether the order just placed is picked up in the store: the success dialog says so. */
  placedForPickup: boolean;
  /** The number of the order just placed, shown in the success dialog. */
  placedOrderNumber: number | null;
}

const initialOrder = (): OrderState => ({
  isShippingPriceError: false,
  shippingPriceMessage: '',
  isDetailsSaveError: false,
  detailsSaveMessage: '',
  detailsLookupStatus: 'idle',
  isOrderPlaceLoading: false,
  isOrderPlaceError: false,
  orderMessage: '',
  placedForPickup: false,
  placedOrderNumber: null,
});

export const orderSlice = createSlice({
  name: 'order',
  initialState: initialOrder,
  reducers: {
    /** Step 1 of 'Proceed to Checkout': every error flag back to clear (ORDER-01). */
    orderErrorsReset(state) {
      state.isShippingPriceError = false;
      state.shippingPriceMessage = '';
      state.isDetailsSaveError = false;
      state.detailsSaveMessage = '';
      state.isOrderPlaceError = false;
      state.orderMessage = '';
    },
    shippingPriceFailed(state, { payload }: PayloadAction<string>) {
      state.isShippingPriceError = true;
      state.shippingPriceMessage = payload;
    },
    detailsSaveFailed(state, { payload }: PayloadAction<string>) {
      state.isDetailsSaveError = true;
      state.detailsSaveMessage = payload;
    },
    detailsLookupChanged(state, { payload }: PayloadAction<LookupStatus>) {
      state.detailsLookupStatus = payload;
    },
    orderPlaceStarted(state) {
      state.isOrderPlaceLoading = true;
      state.isOrderPlaceError = false;
      state.orderMessage = '';
    },
    orderPlaceSucceeded(
      state,
      { payload }: PayloadAction<{ storePickup: boolean; orderNumber: number }>,
    ) {
      state.isOrderPlaceLoading = false;
      state.placedForPickup = payload.storePickup;
      state.placedOrderNumber = payload.orderNumber;
    },
    /** Spec §8: the server's message, else the network error's, is kept and shown (ORDER-21). */
    orderPlaceFailed(state, { payload }: PayloadAction<string>) {
      state.isOrderPlaceLoading = false;
      state.isOrderPlaceError = true;
      state.orderMessage = payload;
    },
  },
});

export const {
  orderErrorsReset,
  shippingPriceFailed,
  detailsSaveFailed,
  detailsLookupChanged,
  orderPlaceStarted,
  orderPlaceSucceeded,
  orderPlaceFailed,
} = orderSlice.actions;
