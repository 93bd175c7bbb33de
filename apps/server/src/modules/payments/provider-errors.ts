/**
 * A refund split over several captures went through in part: the provider kept the parts it
 * made, so asking again with the same key and `refundedBeforeOre` makes only the rest.
 */
export class RefundIncompleteError extends Error {}
