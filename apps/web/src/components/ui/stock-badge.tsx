/** 'IN STOCK' or 'OUT OF STOCK', as the product card and the product page show it. */
export function StockBadge({ stock }: { stock: number }) {
  return stock > 0 ? (
    <span className="badge stock-badge stock-badge--in">IN STOCK</span>
  ) : (
    <span className="badge stock-badge stock-badge--out">OUT OF STOCK</span>
  );
}
