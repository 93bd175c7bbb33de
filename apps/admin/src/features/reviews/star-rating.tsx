/** A rating as five stars, read out as "4 out of 5 stars". */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="star-rating text-nowrap">
      {'★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating))}
    </span>
  );
}
