/** Grey cards in the grid's shape while products load, so the page does not jump. */
export function ProductGridSkeleton({ count = 8, label = 'Loading products' }) {
  return (
    <div role="status" aria-label={label}>
      <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled mb-0">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="col" aria-hidden="true">
            <div className="card h-100 placeholder-glow">
              <div className="ratio ratio-1x1 placeholder bg-secondary-subtle rounded-top" />
              <div className="card-body">
                <span className="placeholder col-9 mb-2" />
                <span className="placeholder col-5" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
